import Testing

@testable import StudioKit

/// The announcer's monitor, which tools that log every event use: it sees each delivery
/// after its listeners ran, with how many it reached, including events nobody listens to
/// and events published during a delivery.
@Suite("Announcer monitor")
struct AnnouncerMonitorTests {
    @Test("each delivery is seen once, in order, with the listeners it reached")
    func seesDeliveries() {
        let log = CallLog()
        let announcer = Announcer()
        let a = LoggingListener("a", log: log), b = LoggingListener("b", log: log)
        a.listen(to: .ping, on: announcer)
        b.listen(to: .ping, on: announcer)
        b.listen(to: .tick, on: announcer)
        var seen: [String] = []
        announcer.monitor = { payload, reached in
            seen.append("\(payload.name.rawValue)→\(reached) after \(log.entries.count)")
            if payload.is(.tick) { #expect(payload.value(.tick) == 7) }
        }
        announcer.publish(.ping)
        announcer.publish(.tick, 7)
        announcer.publish(.pong)
        announcer.deliverQueued()
        #expect(seen == ["ping→2 after 2", "tick→1 after 3", "pong→0 after 3"])
        announcer.monitor = nil
        announcer.publish(.ping)
        announcer.deliverQueued()
        #expect(seen.count == 3, "a monitor taken off sees nothing more")
        #expect(log.entries.count == 5)
    }
}
