import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario replay")
struct ScenarioPlayerTests {
    static let text = """
        {"t": 0, "system": "start"}
        {"t": 0.5, "comment": {"user": "Yuki", "text": "one"}}
        {"t": 0.5, "comment": {"user": "Yuki", "text": "two"}}
        {"t": 1, "tap": {"x": 360, "y": 700}}
        {"t": 1.02, "likes": 5}
        {"t": 2, "swipe": {"axis": "horizontal", "direction": 1}}
        {"t": 4, "connection": "drop"}
        """

    static func replay(_ scenario: Scenario, times: [Double]) -> [[ScenarioEntry]] {
        var player = ScenarioPlayer(scenario)
        return times.map { player.advance(to: $0).entries }
    }

    @Test("the same times replay the same entries")
    func repeatable() throws {
        let s = try Scenario.parse(Self.text, file: "t.jsonl")
        let times = stride(from: 0.0, through: 5, by: 1.0 / 60).map { $0 }
        #expect(Self.replay(s, times: times) == Self.replay(s, times: times))
    }

    @Test("each entry comes exactly once, in order, however time is chunked or jumps")
    func exactlyOnce() throws {
        let s = try Scenario.parse(Self.text, file: "t.jsonl")
        let fine = Self.replay(s, times: stride(from: 0.0, through: 5, by: 1.0 / 60).map { $0 }).flatMap { $0 }
        let jumpy = Self.replay(s, times: [0.5, 0.4, 3, 3, 100]).flatMap { $0 }
        #expect(fine == s.entries)
        #expect(jumpy == s.entries)
        var player = ScenarioPlayer(s)
        _ = player.advance(to: 100)
        #expect(player.isFinished)
        #expect(player.advance(to: 200).entries.isEmpty)
    }

    @Test("entries due at a time are returned at that time, not before")
    func dueTimes() throws {
        var player = ScenarioPlayer(try Scenario.parse(Self.text, file: "t.jsonl"))
        #expect(player.advance(to: 0).notes.map(\.event) == [EventPayload(.systemMessage, "start")])
        #expect(player.advance(to: 0.49).entries.isEmpty)
        #expect(player.advance(to: 0.5).notes.count == 2)
        let tap = player.advance(to: 1.1)
        // The tap's press (1), the likes (1.02), the tap's release (1.06): in time order.
        #expect(tap.entries.map(\.time) == [1, 1.02, 1.06])
        #expect(tap.inputs.count == 2)
        #expect(tap.notes.map(\.name) == [EventKey.likesArrived.name])
        #expect(player.advance(to: 4).connectionCommands == [.drop])
    }

    @Test("a tap becomes a pointer down and up 60 ms apart at its point")
    func tap() throws {
        let s = try Scenario.parse(#"{"t": 1, "tap": {"x": 360, "y": 700}}"#, file: "t.jsonl")
        #expect(
            s.entries.map(\.action) == [
                .input(.pointer(PointerEvent(.down, at: Point(x: 360, y: 700), time: 1))),
                .input(.pointer(PointerEvent(.up, at: Point(x: 360, y: 700), time: 1.06))),
            ])
        #expect(s.entries.map(\.time) == [1, 1.06])
    }

    @Test("a scenario's tap sends hearts and its horizontal swipe enters lite mode")
    func gesturesDriveTheStudio() throws {
        let s = try Scenario.parse(
            """
            {"t": 0.5, "tap": {"x": 360, "y": 700}}
            {"t": 1, "swipe": {"axis": "horizontal", "direction": 1}}
            """, file: "t.jsonl")
        let f = StudioFixture()
        var player = ScenarioPlayer(s)
        for _ in 0..<120 {
            for event in player.advance(to: f.time).inputs { f.studio.handleInput(event) }
            f.step()
        }
        #expect(f.studio.hearts.sent == 1)
        #expect(f.studio.isLiteMode)
    }
}
