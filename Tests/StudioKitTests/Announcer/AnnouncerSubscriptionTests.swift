import Testing
@testable import StudioKit

/// Weak listeners, cancel tokens and the subscription listing.
@Suite("Announcer subscriptions")
struct AnnouncerSubscriptionTests {
    @Test("a listener that goes away is not called and no longer listed")
    func releasedListenerIsDropped() {
        let log = CallLog()
        let announcer = Announcer()
        let kept = LoggingListener("kept", log: log)
        var gone: LoggingListener? = LoggingListener("gone", log: log)
        weak let weakGone = gone
        announcer.subscribe(gone!, to: .ping)
        announcer.subscribe(kept, to: .ping)
        gone = nil
        #expect(weakGone == nil)
        announcer.post(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["kept:ping"])
        #expect(announcer.listeners(of: .ping).count == 1)
    }

    @Test("the announcer does not keep a listener alive")
    func listenersAreHeldWeakly() {
        let announcer = Announcer()
        var listener: LoggingListener? = LoggingListener("l", log: CallLog())
        weak let weakListener = listener
        let token = announcer.subscribe(listener!, to: .ping)
        listener = nil
        #expect(weakListener == nil)
        #expect(!token.isCancelled)
    }

    @Test("cancelling a token stops delivery to that subscription only")
    func cancelStopsDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        let pingToken = announcer.subscribe(listener, to: .ping)
        announcer.subscribe(listener, to: .pong)
        announcer.post(.ping)
        pingToken.cancel()
        announcer.post(.pong)
        announcer.deliverQueued()
        #expect(log.entries == ["l:pong"])
        #expect(pingToken.isCancelled)
        #expect(announcer.subscriptions(of: listener) == [.pong])
    }

    @Test("cancelling a token twice is harmless")
    func cancelTwice() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        let token = announcer.subscribe(listener, to: .ping, priority: 3)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        #expect(token.name == .ping)
        #expect(token.priority == 3)
        #expect(announcer.listeners(of: .ping).isEmpty)
    }

    @Test("subscriptions(of:) lists the names a listener is subscribed to, sorted and once each")
    func subscriptionsListsNames() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        let other = LoggingListener("o", log: CallLog())
        announcer.subscribe(listener, to: .pong)
        announcer.subscribe(listener, to: .other)
        announcer.subscribe(listener, to: .ping)
        announcer.subscribe(other, to: EventName("zzz"))
        #expect(announcer.subscriptions(of: listener) == [.other, .ping, .pong])
        #expect(announcer.subscriptions(of: other) == [EventName("zzz")])
        #expect(announcer.subscriptions(of: LoggingListener("none", log: CallLog())).isEmpty)
    }

    @Test("event names compare by their text")
    func eventNamesCompareByText() {
        #expect(EventName("ping") == .ping)
        #expect(EventName("ping") != EventName("Ping"))
        #expect(Set([EventName("a"), EventName("a"), EventName("b")]).count == 2)
    }
}
