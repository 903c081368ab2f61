import Testing

@testable import StudioKit

/// What happens when listeners subscribe, cancel or publish while an event is being delivered.
///
/// `deliverQueued()` called from inside a delivery is a precondition failure (the loop must
/// never re-enter); it is not tested here because a failing precondition ends the test
/// process, and the contract is the trap itself rather than any recoverable behaviour.
@Suite("Announcer edits during delivery")
struct AnnouncerDuringDeliveryTests {
    @Test("a listener cancelled by an earlier listener is not called for the current event")
    func cancelDuringDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        var lateToken: SubscriptionToken?
        let early = LoggingListener("early", log: log) { _ in lateToken?.cancel() }
        let late = LoggingListener("late", log: log)
        early.listen(to: .ping, on: announcer)
        lateToken = late.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["early:ping", "early:ping"])
    }

    @Test("a listener released by an earlier listener is not called for the current event")
    func releaseDuringDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        var late: LoggingListener? = LoggingListener("late", log: log)
        let early = LoggingListener("early", log: log) { _ in late = nil }
        early.listen(to: .ping, on: announcer)
        late!.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["early:ping"])
        #expect(announcer.listeners(of: EventKey.ping.name).count == 1)
    }

    @Test("a listener that cancels itself still finishes the current call and is not called again")
    func selfCancel() {
        let log = CallLog()
        let announcer = Announcer()
        var token: SubscriptionToken?
        let listener = LoggingListener("self", log: log) { _ in token?.cancel() }
        token = listener.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["self:ping"])
    }

    @Test("a listener subscribed during a delivery first receives the next event of that name")
    func subscribeDuringDelivery() {
        let log = CallLog()
        let announcer = Announcer()
        let newcomer = LoggingListener("newcomer", log: log)
        var subscribed = false
        let first = LoggingListener("first", log: log) { _ in
            if !subscribed {
                newcomer.listen(to: .ping, on: announcer, priority: 100)
                subscribed = true
            }
        }
        first.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["first:ping"])
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["first:ping", "newcomer:ping", "first:ping"])
    }

    @Test("an event published during delivery runs after every listener of the current event, never nested")
    func publishDuringDeliveryIsQueuedBehind() {
        let log = CallLog()
        let announcer = Announcer()
        let a = LoggingListener("a", log: log) { event in
            if event.is(.ping) { announcer.publish(.pong) }
            log.add("a:end-\(event.name.rawValue)")
        }
        let b = LoggingListener("b", log: log)
        for l in [a, b] {
            l.listen(to: .ping, on: announcer)
            l.listen(to: .pong, on: announcer)
        }
        announcer.publish(.ping)
        announcer.publish(.other)
        let stats = announcer.deliverQueued()
        #expect(log.entries == ["a:ping", "a:end-ping", "b:ping", "a:pong", "a:end-pong", "b:pong"])
        #expect(stats.delivered == 3)
        #expect(!announcer.isDelivering)
    }

    @Test("an event published during delivery waits behind events published earlier")
    func publishDuringDeliveryIsFifo() {
        let log = CallLog()
        let announcer = Announcer()
        let l = LoggingListener("l", log: log) { event in if event.is(.ping) { announcer.publish(.pong) } }
        for key in [EventKey.ping, .pong, .other] { l.listen(to: key, on: announcer) }
        announcer.publish(.ping)
        announcer.publish(.other)
        announcer.deliverQueued()
        #expect(log.entries == ["l:ping", "l:other", "l:pong"])
    }

    @Test("isDelivering is true only inside a delivery")
    func isDeliveringFlag() {
        let announcer = Announcer()
        var seen: [Bool] = []
        let l = LoggingListener("l", log: CallLog()) { _ in seen.append(announcer.isDelivering) }
        l.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        #expect(!announcer.isDelivering)
        announcer.deliverQueued()
        #expect(seen == [true])
        #expect(!announcer.isDelivering)
    }
}
