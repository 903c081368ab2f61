import Testing

@testable import StudioKit

/// The order the announcer promises: events FIFO; for one event, listeners by priority
/// (higher first), then by subscription order.
@Suite("Announcer delivery order")
struct AnnouncerDeliveryOrderTests {
    @Test("listeners run by priority, higher first, then in subscription order")
    func priorityThenSubscriptionOrder() {
        let log = CallLog()
        let announcer = Announcer()
        let specs: [(String, Int)] = [("a", 0), ("b", 5), ("c", -3), ("d", 5), ("e", 0), ("f", 100)]
        let listeners = specs.map { LoggingListener($0.0, log: log) }
        for (listener, spec) in zip(listeners, specs) { listener.listen(to: .ping, on: announcer, priority: spec.1) }
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(log.entries == ["f:ping", "b:ping", "d:ping", "a:ping", "e:ping", "c:ping"])
    }

    @Test("every assignment of three priorities to four listeners runs them in the stable priority order")
    func exhaustivePriorityAssignments() {
        let priorities = [-1, 0, 1]
        for code in 0..<81 {
            let assigned = (0..<4).map { priorities[(code / Int(pow3($0))) % 3] }
            let log = CallLog()
            let announcer = Announcer()
            let listeners = (0..<4).map { LoggingListener("l\($0)", log: log) }
            for i in 0..<4 { listeners[i].listen(to: .ping, on: announcer, priority: assigned[i]) }
            announcer.publish(.ping)
            announcer.deliverQueued()
            // The reference: indices sorted by descending priority, ties by index.
            let expected = (0..<4).sorted { (-assigned[$0], $0) < (-assigned[$1], $1) }.map { "l\($0):ping" }
            #expect(log.entries == expected, "priorities \(assigned)")
            #expect(
                announcer.listeners(of: EventKey.ping.name).map { ($0 as! LoggingListener).name }
                    == expected.map { String($0.prefix(2)) })
        }
    }

    private func pow3(_ n: Int) -> Int { (0..<n).reduce(1) { acc, _ in acc * 3 } }

    @Test("events are delivered in the order they were posted")
    func eventsAreFifo() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        for key in [EventKey.ping, .pong, .other] { listener.listen(to: key, on: announcer) }
        for key in [EventKey.pong, .ping, .other, .ping] { announcer.publish(key) }
        let stats = announcer.deliverQueued()
        #expect(log.entries == ["l:pong", "l:ping", "l:other", "l:ping"])
        #expect(stats == DeliveryStats(delivered: 4, deferred: 0, dropped: 0))
        #expect(announcer.pendingCount == 0)
    }

    @Test("a listener receives only the events it subscribed to, with their values")
    func listenersGetTheirEventsWithValues() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        listener.listen(to: .labelled, on: announcer)
        announcer.publish(.tick, 1)
        announcer.publish(.labelled, "hello")
        announcer.deliverQueued()
        #expect(log.entries == ["l:test.labelled"])
        #expect(listener.received.first?.payload == EventPayload(.labelled, "hello"))
        #expect(listener.values(of: .labelled) == ["hello"])
    }

    @Test("nothing is delivered before deliverQueued is called")
    func postingOnlyQueues() {
        let log = CallLog()
        let announcer = Announcer()
        let listener = LoggingListener("l", log: log)
        listener.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        #expect(log.entries.isEmpty)
        #expect(announcer.pendingCount == 1)
    }
}
