import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario comment lines with a barrage look")
struct ScenarioDanmakuLineTests {
    static func comments(_ text: String) throws -> [StudioDomain.Comment] {
        try Scenario.parse(text, file: "look.jsonl").entries.compactMap {
            if case .note(let n) = $0.action { n.value(.commentArrived) } else { nil }
        }
    }

    @Test("color, mode and size give the comment its look; a plain comment has none")
    func look() throws {
        let c = try Self.comments(
            """
            {"t": 1, "comment": {"user": "A", "text": "red top", "color": "#FF0000", "mode": "top", "size": "large"}}
            {"t": 2, "comment": {"user": "B", "text": "plain"}}
            {"t": 3, "comment": {"user": "C", "text": "back", "mode": "reverse"}}
            """)
        #expect(c[0].danmaku == DanmakuLook(color: Color(r: 255, g: 0, b: 0, a: 255), mode: .top, size: .large))
        #expect(c[1].danmaku == nil)
        #expect(c[2].danmaku?.mode == .reverse && c[2].danmaku?.color == .white)
    }

    @Test("a positioned comment takes its motion in fractions of the band")
    func positioned() throws {
        let c = try Self.comments(
            #"{"t": 1, "comment": {"user": "A", "text": "here", "motion": {"from": [0.1, 0.2], "to": [0.9, 0.2], "seconds": 3}}}"#)
        guard case .positioned(let m)? = c.first?.danmaku?.mode else {
            Issue.record("not positioned: \(String(describing: c.first?.danmaku))")
            return
        }
        #expect(m.start == Point(x: 0.1, y: 0.2) && m.end == Point(x: 0.9, y: 0.2) && m.duration == 3)
    }

    @Test("a bad color, mode, size or motion is refused on its line, saying what is valid")
    func badLooks() {
        ScenarioParseTests.expectError(#"{"t": 3, "comment": {"user": "A", "text": "x", "color": "red"}}"#, "#RRGGBB")
        ScenarioParseTests.expectError(
            #"{"t": 3, "comment": {"user": "A", "text": "x", "mode": "sideways"}}"#, "scroll, top, bottom, reverse, positioned")
        ScenarioParseTests.expectError(#"{"t": 3, "comment": {"user": "A", "text": "x", "size": "huge"}}"#, "small, normal, large")
        ScenarioParseTests.expectError(#"{"t": 3, "comment": {"user": "A", "text": "x", "mode": "positioned"}}"#, "needs a motion")
        ScenarioParseTests.expectError(#"{"t": 3, "comment": {"user": "A", "text": "x", "motion": {"from": [2, 0]}}}"#, "fractions")
        ScenarioParseTests.expectError(
            #"{"t": 3, "comment": {"user": "A", "text": "x", "mode": "top", "motion": {"from": [0, 0]}}}"#, "only a positioned")
    }
}
