import Testing
@testable import StudioKit

/// Listeners own their subscriptions (the tokens), cancel tokens and the subscription listing.
@Suite("Announcer subscriptions")
struct AnnouncerSubscriptionTests {
    @Test("a listener that goes away is not called and no longer listed")
    func releasedListenerIsDropped() {
        let log = CallLog()
        let announcer = Announcer()
        let kept = LoggingListener("kept", log: log)
        var gone: LoggingListener? = LoggingListener("gone", log: log)
        weak let weakGone = gone
        gone!.listen(to: .ping, on: announcer)
        kept.listen(to: .ping, on: announcer)
        gone = nil
        #expect(weakGone == nil)
        announcer.post(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["kept:ping"])
        #expect(announcer.listeners(of: .ping).count == 1)
    }

    @Test("the announcer does not keep a listener alive")
    func listenersAreNotRetained() {
        let announcer = Announcer()
        var listener: LoggingListener? = LoggingListener("l", log: CallLog())
        weak let weakListener = listener
        listener!.listen(to: .ping, on: announcer)
        listener = nil
        #expect(weakListener == nil)
        #expect(announcer.listeners(of: .ping).isEmpty)
    }

    @Test("releasing a token ends its subscription as cancelling it does")
    func releasedTokenEndsSubscription() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        var token: SubscriptionToken? = announcer.subscribe(listener, to: .ping)
        #expect(announcer.listeners(of: .ping).count == 1)
        token = nil
        announcer.post(.ping)
        announcer.deliverQueued()
        #expect(token == nil)
        #expect(log.entries.isEmpty)
        #expect(announcer.listeners(of: .ping).isEmpty)
    }

    @Test("a token released during a delivery ends its subscription before that listener's turn")
    func tokenReleasedDuringDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        let late = LoggingListener("late", log: log)
        var lateToken: SubscriptionToken? = announcer.subscribe(late, to: .ping)
        let early = LoggingListener("early", log: log) { _, _ in lateToken = nil }
        early.listen(to: .ping, on: announcer, priority: 1)
        announcer.post(.ping)
        announcer.deliverQueued()
        #expect(lateToken == nil)
        #expect(log.entries == ["early:ping"])
    }

    @Test("a token that outlives its announcer cancels harmlessly")
    func tokenOutlivesAnnouncer() {
        var announcer: Announcer? = Announcer()
        weak let weakAnnouncer = announcer
        let listener = LoggingListener("l", log: CallLog())
        let token = listener.listen(to: .ping, on: announcer!)
        announcer = nil
        #expect(weakAnnouncer == nil)
        token.cancel()
        #expect(token.isCancelled)
    }

    #if DEBUG
    @Test("a token that outlives its listener traps at the next delivery in debug builds")
    func tokenOutlivingListenerTraps() async {
        await #expect(processExitsWith: .failure) {
            let announcer = Announcer()
            var listener: LoggingListener? = LoggingListener("l", log: CallLog())
            let token = announcer.subscribe(listener!, to: .ping)
            listener = nil
            announcer.post(.ping)
            announcer.deliverQueued()
            withExtendedLifetime(token) {}
        }
    }
    #endif

    @Test("cancelling a token stops delivery to that subscription only")
    func cancelStopsDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        let pingToken = listener.listen(to: .ping, on: announcer)
        listener.listen(to: .pong, on: announcer)
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
        let token = listener.listen(to: .ping, on: announcer, priority: 3)
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
        listener.listen(to: .pong, on: announcer)
        listener.listen(to: .other, on: announcer)
        listener.listen(to: .ping, on: announcer)
        other.listen(to: EventName("zzz"), on: announcer)
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
