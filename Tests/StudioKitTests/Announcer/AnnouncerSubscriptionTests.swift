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
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["kept:ping"])
        #expect(announcer.listeners(of: EventKey.ping.name).count == 1)
    }

    @Test("the announcer does not keep a listener alive")
    func listenersAreNotRetained() {
        let announcer = Announcer()
        var listener: LoggingListener? = LoggingListener("l", log: CallLog())
        weak let weakListener = listener
        listener!.listen(to: .ping, on: announcer)
        listener = nil
        #expect(weakListener == nil)
        #expect(announcer.listeners(of: EventKey.ping.name).isEmpty)
    }

    @Test("the announcer does not keep a typed listener alive, and an event after it went reaches nothing")
    func typedListenersAreNotRetained() {
        let announcer = Announcer()
        var collector: TypedCollector<Int>? = TypedCollector()
        weak let weakCollector = collector
        collector!.listen(to: .tick, on: announcer)
        #expect(announcer.listeners(of: EventKey.tick.name).count == 1)
        collector = nil
        #expect(weakCollector == nil)
        #expect(announcer.listeners(of: EventKey.tick.name).isEmpty)
        announcer.publish(.tick, 1)
        #expect(announcer.deliverQueued() == DeliveryStats(delivered: 1, deferred: 0, dropped: 0))
    }

    @Test("releasing a token ends its subscription as cancelling it does")
    func releasedTokenEndsSubscription() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        var token: SubscriptionToken? = announcer.subscribe(listener, to: .ping) { listener, _ in
            listener.log.add("\(listener.name):ping")
        }
        #expect(announcer.listeners(of: EventKey.ping.name).count == 1)
        token = nil
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(token == nil)
        #expect(log.entries.isEmpty)
        #expect(announcer.listeners(of: EventKey.ping.name).isEmpty)
    }

    @Test("a token released during a delivery ends its subscription before that listener's turn")
    func tokenReleasedDuringDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        let late = LoggingListener("late", log: log)
        var lateToken: SubscriptionToken? = announcer.subscribe(late, to: .ping) { late, _ in
            late.log.add("\(late.name):ping")
        }
        let early = LoggingListener("early", log: log) { _ in lateToken = nil }
        early.listen(to: .ping, on: announcer, priority: 1)
        announcer.publish(.ping)
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
            let token = announcer.subscribe(listener!, to: .ping) { _, _ in }
            listener = nil
            announcer.publish(.ping)
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
        announcer.publish(.ping)
        pingToken.cancel()
        announcer.publish(.pong)
        announcer.deliverQueued()
        #expect(log.entries == ["l:pong"])
        #expect(pingToken.isCancelled)
        #expect(announcer.subscriptions(of: listener) == [EventKey.pong.name])
    }

    @Test("cancelling a token twice is harmless")
    func cancelTwice() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        let token = listener.listen(to: .ping, on: announcer, priority: 3)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        #expect(token.name == EventKey.ping.name)
        #expect(token.priority == 3)
        #expect(announcer.listeners(of: EventKey.ping.name).isEmpty)
    }

    @Test("subscriptions(of:) lists the names a listener is subscribed to, sorted and once each")
    func subscriptionsListsNames() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        let other = LoggingListener("o", log: CallLog())
        listener.listen(to: .pong, on: announcer)
        listener.listen(to: .other, on: announcer)
        listener.listen(to: .ping, on: announcer)
        other.listen(to: .tick, on: announcer)
        #expect(announcer.subscriptions(of: listener) == [EventKey.other.name, EventKey.ping.name, EventKey.pong.name])
        #expect(announcer.subscriptions(of: other) == [EventKey.tick.name])
        #expect(announcer.subscriptions(of: LoggingListener("none", log: CallLog())).isEmpty)
    }

    @Test("event names are equal exactly when their keys' texts are")
    func eventNamesCompareByText() {
        #expect(EventKey<NoPayload>("ping").name == EventKey.ping.name)
        #expect(EventKey<NoPayload>("Ping").name != EventKey.ping.name)
        #expect(EventKey.ping.name != EventKey.pong.name)
        #expect(Set([EventKey.ping.name, EventKey<NoPayload>("ping").name, EventKey.pong.name]).count == 2)
    }
}
