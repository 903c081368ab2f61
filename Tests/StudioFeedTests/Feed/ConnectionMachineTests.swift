import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Connection machine")
struct ConnectionMachineTests {
    /// Every change until the machine is connected again (or `limit` seconds pass).
    static func changes(_ m: inout ConnectionMachine, until limit: Double) -> [ConnectionMachine.Change] {
        var out: [ConnectionMachine.Change] = []
        var t = m.time
        while t < limit {
            t += 0.05
            out += m.advance(to: t)
            if m.isConnected { break }
        }
        return out
    }

    static func waits(_ changes: [ConnectionMachine.Change]) -> [Double] {
        changes.compactMap { if case .disconnected(let wait, _) = $0.state { wait } else { nil } }
    }

    @Test("failed reconnect attempts back off 1, 2, 4, 8, 16, 16 s, then the attempt after succeeds")
    func backoff() {
        var m = ConnectionMachine(seed: 1)
        m.failNextAttempts(5)
        let changes = m.drop(at: 0) + Self.changes(&m, until: 200)
        #expect(Self.waits(changes) == [1, 2, 4, 8, 16, 16])
        let attempts = changes.compactMap { if case .disconnected(_, let n) = $0.state { n } else { nil } }
        #expect(attempts == [1, 2, 3, 4, 5, 6])
        #expect(changes.last?.state == .connected)
        #expect(changes.last?.message == "Reconnected")
    }

    @Test("each attempt shows connecting between the wait and its outcome")
    func transitionsInOrder() {
        var m = ConnectionMachine(policy: ConnectionPolicy(attemptDuration: 0.5), seed: 1)
        m.failNextAttempts(1)
        let changes = m.drop(at: 10) + Self.changes(&m, until: 100)
        #expect(
            changes.map(\.state) == [
                .disconnected(retryIn: 1, attempt: 1), .connecting,
                .disconnected(retryIn: 2, attempt: 2), .connecting, .connected,
            ])
        #expect(changes.map(\.time) == [10, 11, 11.5, 13.5, 14])
        #expect(changes.first?.message != nil)
    }

    @Test("a drop while already down changes nothing")
    func dropWhileDown() {
        var m = ConnectionMachine(seed: 1)
        _ = m.drop(at: 0)
        #expect(m.drop(at: 0.5).isEmpty)
        #expect(m.state == .disconnected(retryIn: 1, attempt: 1))
    }

    @Test("random drops and failures follow the seed")
    func seeded() {
        let policy = ConnectionPolicy(drops: 0.05, failureChance: 0.5)
        var a = ConnectionMachine(policy: policy, seed: 9)
        var b = ConnectionMachine(policy: policy, seed: 9)
        let changesA = a.advance(to: 600)
        #expect(changesA == b.advance(to: 600))
        #expect(changesA.filter { $0.message == "Reconnected" }.count > 5)
        #expect(Self.waits(changesA).contains(2))  // some attempt failed
    }

    @Test("without drops and failures the connection stays up")
    func steady() {
        var m = ConnectionMachine(seed: 3)
        #expect(m.advance(to: 10_000).isEmpty)
        #expect(m.isConnected)
    }
}
