import Testing

@testable import StudioKit

/// Runaway chains: a chain deeper than `maxChainDepth` is dropped and reported with its
/// names; more than `maxDeliveriesPerFrame` deliveries defer the rest to the next call.
@Suite("Announcer runaway bounds")
struct AnnouncerRunawayTests {
    @Test("a listener that re-publishes its own event forever is stopped at the chain depth with a report")
    func selfRepostIsStopped() {
        let announcer = Announcer(maxChainDepth: 4)
        let log = CallLog()
        let l = LoggingListener("echo", log: log) { _ in announcer.publish(.ping) }
        l.listen(to: .ping, on: announcer)
        var reported: [RunawayReport] = []
        announcer.onRunaway = { reported.append($0) }
        announcer.publish(.ping)
        let stats = announcer.deliverQueued()
        // Depths 0...4 are delivered; the event at depth 5 is dropped.
        #expect(stats == DeliveryStats(delivered: 5, deferred: 0, dropped: 1))
        #expect(log.entries.count == 5)
        #expect(reported == [RunawayReport(reason: .chainDepth(4), chain: Array(repeating: EventKey.ping.name, count: 6))])
        #expect(announcer.runaways == reported)
        #expect(announcer.pendingCount == 0)
    }

    @Test("a runaway report's chain names every event from the first cause to the dropped one")
    func chainListsAlternatingNames() {
        let announcer = Announcer(maxChainDepth: 4)
        let l = LoggingListener("l", log: CallLog()) { event in announcer.publish(event.is(.ping) ? EventKey.pong : .ping) }
        l.listen(to: .ping, on: announcer)
        l.listen(to: .pong, on: announcer)
        announcer.publish(.ping)
        announcer.deliverQueued()
        let (ping, pong) = (EventKey.ping.name, EventKey.pong.name)
        #expect(announcer.runaways.map(\.chain) == [[ping, pong, ping, pong, ping, pong]])
        #expect(announcer.runaways.first?.description.contains("ping -> pong -> ping") == true)
    }

    @Test("the default chain depth delivers 33 events of a self-republish before stopping it")
    func defaultChainDepth() {
        let announcer = Announcer()
        let l = LoggingListener("l", log: CallLog()) { _ in announcer.publish(.ping) }
        l.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        let stats = announcer.deliverQueued()
        #expect(stats.delivered == 33)
        #expect(stats.dropped == 1)
        #expect(announcer.runaways.first?.chain.count == 34)
    }

    @Test("after a runaway is stopped the announcer delivers new events normally")
    func worksAfterARunaway() {
        let announcer = Announcer(maxChainDepth: 2)
        let log = CallLog()
        let echo = LoggingListener("echo", log: log) { _ in announcer.publish(.ping) }
        let plain = LoggingListener("plain", log: log)
        echo.listen(to: .ping, on: announcer)
        plain.listen(to: .other, on: announcer)
        announcer.publish(.ping)
        announcer.deliverQueued()
        log.clear()
        announcer.publish(.other)
        #expect(announcer.deliverQueued() == DeliveryStats(delivered: 1, deferred: 0, dropped: 0))
        #expect(log.entries == ["plain:other"])
    }

    @Test("events independent of each other are never dropped for depth")
    func independentEventsAreNotAChain() {
        let announcer = Announcer(maxChainDepth: 1)
        let log = CallLog()
        let l = LoggingListener("l", log: log)
        l.listen(to: .ping, on: announcer)
        for _ in 0..<10 { announcer.publish(.ping) }
        #expect(announcer.deliverQueued() == DeliveryStats(delivered: 10, deferred: 0, dropped: 0))
    }

    @Test("past the per-frame bound the rest is deferred, reported, and delivered by the next call")
    func frameBudgetDefers() {
        let announcer = Announcer(maxDeliveriesPerFrame: 3)
        let log = CallLog()
        let l = LoggingListener("l", log: log)
        l.listen(to: .tick, on: announcer)
        for i in 0..<5 { announcer.publish(.tick, i) }
        let first = announcer.deliverQueued()
        #expect(first == DeliveryStats(delivered: 3, deferred: 2, dropped: 0))
        #expect(announcer.runaways.map(\.reason) == [.frameBudget(3)])
        #expect(announcer.pendingCount == 2)
        let second = announcer.deliverQueued()
        #expect(second == DeliveryStats(delivered: 2, deferred: 0, dropped: 0))
        #expect(l.values(of: .tick) == Array(0..<5))
        #expect(announcer.deliveredCount == 5)
    }

    @Test("a chain that keeps publishing is spread over frames by the per-frame bound and every call returns")
    func budgetBoundsAChainPerCall() {
        let announcer = Announcer(maxChainDepth: 1000, maxDeliveriesPerFrame: 10)
        let l = LoggingListener("l", log: CallLog()) { _ in announcer.publish(.ping) }
        l.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        for _ in 0..<3 {
            #expect(announcer.deliverQueued() == DeliveryStats(delivered: 10, deferred: 1, dropped: 0))
        }
        #expect(l.received.count == 30)
    }

    /// Runs a self-republish whose chain outlives one frame's budget: depths 0-9, 10-19 and
    /// 20-29 are delivered in three calls, the fourth delivers 30-32 and drops depth 33.
    /// Its report must walk the chain back into the earlier calls.
    @Test("a runaway chain that spans several frames is stopped and reported with its whole chain")
    func runawayAcrossFramesIsReported() {
        let announcer = Announcer(maxChainDepth: 32, maxDeliveriesPerFrame: 10)
        let l = LoggingListener("l", log: CallLog()) { _ in announcer.publish(.ping) }
        l.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        for _ in 0..<4 { announcer.deliverQueued() }
        let last = announcer.runaways.last
        #expect(last?.reason == .chainDepth(32))
        #expect(last?.chain == Array(repeating: EventKey.ping.name, count: 34))
        #expect(announcer.pendingCount == 0)
    }
}
