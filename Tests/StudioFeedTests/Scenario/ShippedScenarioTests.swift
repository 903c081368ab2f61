import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Shipped scenarios")
struct ShippedScenarioTests {
    static func load(_ name: String) throws -> Scenario { try Scenario.load(path: FeedFixture.scenarioPath(name)) }

    static func notes(_ s: Scenario) -> [ScenarioEntry] {
        s.entries.filter { if case .note = $0.action { true } else { false } }
    }

    @Test("demo.jsonl is a lively minute with a combo, a full-screen gift, a tap and lite mode in and out")
    func demo() throws {
        let s = try Self.load("demo.jsonl")
        #expect(s.duration >= 59 && s.duration <= 61)
        let gifts = s.entries.compactMap { if case .note(let n) = $0.action { n.value(.giftArrived) } else { nil } }
        #expect(gifts.contains { $0.gift.tier == .fullScreen })
        #expect(gifts.filter { $0.sender == "Mia" && $0.gift.id == "rose" }.count >= 5)
        let inputs = s.entries.compactMap { if case .input(let e) = $0.action { e } else { nil } }
        #expect(inputs.contains { if case .pointer(let p) = $0 { p.phase == .down } else { false } })
        #expect(inputs.filter { $0 == .key(KeyEvent(.l)) }.count == 2)

        // Replayed into a studio, lite mode goes on and comes back off.
        let f = StudioFixture()
        var player = ScenarioPlayer(s)
        var liteSeen = false
        while f.time < 61 {
            for event in player.advance(to: f.time).inputs { f.studio.handleInput(event) }
            f.step()
            liteSeen = liteSeen || f.studio.isLiteMode
        }
        #expect(liteSeen)
        #expect(!f.studio.isLiteMode)
        #expect(f.studio.hearts.sent >= 3)
    }

    @Test("disconnect.jsonl drops the connection and reconnects after backing off 1, 2, 4 and 8 s")
    func disconnect() throws {
        let s = try Self.load("disconnect.jsonl")
        var core = FeedCore(seed: 1, scenario: s, rates: { _ in FeedRates() })
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        let notes = FeedFixture.run(&core, seconds: 30)
        let waits = notes.compactMap { timed -> Double? in
            if case .disconnected(let wait, _)? = timed.note.value(.connectionChanged) { return wait }
            return nil
        }
        #expect(waits == [1, 2, 4, 8, 1])
        #expect(notes.filter { $0.note.value(.systemMessage) == "Reconnected" }.map(\.time) == [20, 26.5])
        #expect(!notes.contains { $0.note.value(.commentArrived)?.user == "Leo_88" })
        #expect(notes.contains { $0.note.value(.commentArrived)?.text == "back again!" })
        #expect(core.status.missedWhileDisconnected == 3)
    }

    @Test("flood.jsonl parses: about 500 comments inside one second")
    func flood() throws {
        let s = try Self.load("flood.jsonl")
        let comments = Self.notes(s).filter {
            if case .note(let n) = $0.action { n.name == EventKey.commentArrived.name } else { false }
        }
        #expect(comments.count >= 450)
        let span = (comments.last?.time ?? 0) - (comments.first?.time ?? 0)
        #expect(span <= 1)
    }
}
