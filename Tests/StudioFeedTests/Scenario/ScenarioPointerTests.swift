import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario pointer, drag and text lines")
struct ScenarioPointerTests {
    static func inputs(_ text: String) throws -> [(time: Double, event: InputEvent)] {
        try Scenario.parse(text, file: "s.jsonl").entries.compactMap {
            if case .input(let e) = $0.action { ($0.time, e) } else { nil }
        }
    }

    static func pointer(_ e: InputEvent) -> PointerEvent? {
        if case .pointer(let p) = e { p } else { nil }
    }

    @Test("pointer lines give one exact sample each, pointer 0 unless an id is given")
    func pointerLines() throws {
        let got = try Self.inputs(
            """
            {"t": 1, "pointer": {"down": [10, 20.5]}}
            {"t": 1.1, "pointer": {"move": [-700, 2500], "id": 3}}
            {"t": 1.2, "pointer": {"up": [1440, -1280]}}
            """)
        #expect(
            got.map(\.event) == [
                .pointer(PointerEvent(.down, id: 0, at: Point(x: 10, y: 20.5), time: 1)),
                .pointer(PointerEvent(.moved, id: 3, at: Point(x: -700, y: 2500), time: 1.1)),
                .pointer(PointerEvent(.up, id: 0, at: Point(x: 1440, y: -1280), time: 1.2)),
            ])
    }

    @Test("a drag is a down, a move at least every 1/60 s along the straight line, and an up at the end")
    func dragExpands() throws {
        let got = try Self.inputs(#"{"t": 2, "drag": {"from": [100, 640], "to": [400, 340], "seconds": 0.4, "id": 2}}"#)
        let samples = got.compactMap { Self.pointer($0.event) }
        #expect(samples.count == got.count)
        #expect(samples.first?.phase == .down && samples.first?.position == Point(x: 100, y: 640))
        #expect(samples.last?.phase == .up && samples.last?.position == Point(x: 400, y: 340))
        #expect(samples.last?.time == 2.4)
        let moves = samples.dropFirst().dropLast()
        #expect(moves.count == 24, "0.4 s at 60 moves a second")
        #expect(moves.allSatisfy { $0.phase == .moved && $0.id == 2 })
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(b.time - a.time <= 1.0 / 60 + 1e-9)
            #expect(b.time >= a.time)
        }
        // On the line x + y = 740, moving right and up.
        #expect(moves.allSatisfy { abs($0.position.x + $0.position.y - 740) < 1e-9 })
        #expect(zip(moves, moves.dropFirst()).allSatisfy { $0.position.x < $1.position.x })
        // Entries carry their samples' times.
        #expect(got.map(\.time) == samples.map(\.time))
    }

    @Test("a drag without seconds takes the default, and the shortest drag still moves once")
    func dragDefaults() throws {
        let plain = try Self.inputs(#"{"t": 0, "drag": {"from": [0, 0], "to": [10, 0]}}"#)
        #expect(plain.last?.time == ScenarioLine.defaultDragSeconds)
        let short = try Self.inputs(#"{"t": 0, "drag": {"from": [0, 0], "to": [10, 0], "seconds": 0.01}}"#)
        #expect(short.compactMap { Self.pointer($0.event)?.phase } == [.down, .moved, .up])
    }

    @Test("a text line types its text; so do CJK and emoji")
    func textLine() throws {
        let got = try Self.inputs(
            """
            {"t": 3, "text": "hello"}
            {"t": 3, "text": "小林 👍🏽"}
            """)
        #expect(got.map(\.event) == [.text("hello"), .text("小林 👍🏽")])
    }

    @Test("a pointer outside the studio plus one studio size of margin is refused with the range and the fix")
    func pointerOutOfArea() {
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"down": [1441, 0]}}"#,
            "x must be between -720 and 1440", "at most one studio size outside", keyPath: "pointer.down")
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"up": [0, -1281]}}"#, "y must be between -1280 and 2560",
            keyPath: "pointer.up")
        ScenarioParseTests.expectError(
            #"{"t": 1, "drag": {"from": [0, 0], "to": [0, 1e300]}}"#, "y must be between",
            keyPath: "drag.to")
    }

    @Test("a coordinate that is not a number, a huge one, or not two of them, is refused")
    func badCoordinates() {
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"down": ["1", 0]}}"#, "x must be a number (got a string)",
            keyPath: "pointer.down")
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"down": [0, null]}}"#, "y must be a number (got null)",
            keyPath: "pointer.down")
        // The line reader refuses a number too large for a Double before the field is read.
        ScenarioParseTests.expectError(#"{"t": 1, "pointer": {"down": [1e999, 0]}}"#, "too large")
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"down": [1, 2, 3]}}"#, "must be [x, y]", "an array of 3",
            keyPath: "pointer.down")
        ScenarioParseTests.expectError(
            #"{"t": 1, "drag": {"from": {"x": 1}, "to": [0, 0]}}"#, "must be [x, y]", "an object",
            keyPath: "drag.from")
        ScenarioParseTests.expectError(#"{"t": 1, "drag": {"to": [0, 0]}}"#, "missing", keyPath: "drag.from")
    }

    @Test("a pointer line needs exactly one of down, move and up, and a valid id")
    func pointerPhases() {
        ScenarioParseTests.expectError(#"{"t": 1, "pointer": {}}"#, "exactly one of down, move, up (got none)", keyPath: "pointer")
        ScenarioParseTests.expectError(#"{"t": 1, "pointer": {"down": [0, 0], "up": [0, 0]}}"#, "(got down, up)", keyPath: "pointer")
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"press": [0, 0]}}"#, "unknown field", "down, move, up, id",
            keyPath: "pointer.press")
        ScenarioParseTests.expectError(
            #"{"t": 1, "pointer": {"down": [0, 0], "id": 256}}"#, "between 0 and 255",
            keyPath: "pointer.id")
    }

    @Test("drag seconds outside 0.01...60 are refused")
    func dragSeconds() {
        for seconds in ["0", "0.001", "61", "-1", "\"fast\""] {
            ScenarioParseTests.expectError(
                #"{"t": 1, "drag": {"from": [0, 0], "to": [9, 9], "seconds": \#(seconds)}}"#,
                "drag.seconds")
        }
        ScenarioParseTests.expectError(
            #"{"t": 1, "drag": {"from": [0, 0], "to": [9, 9], "seconds": 61}}"#,
            "between 0.01 and 60", keyPath: "drag.seconds")
    }

    @Test("text that is empty, not a string, or longer than the text cap is refused")
    func badText() {
        ScenarioParseTests.expectError(#"{"t": 1, "text": ""}"#, "must not be empty", keyPath: "text")
        ScenarioParseTests.expectError(#"{"t": 1, "text": 5}"#, "must be a string", keyPath: "text")
        let long = String(repeating: "é", count: TextCap.characters + 1)
        ScenarioParseTests.expectError(
            #"{"t": 1, "text": "\#(long)"}"#, "longer than \(TextCap.characters) characters",
            "split it", keyPath: "text")
        // Many combining marks on one character: few characters, too many scalars.
        let marks = "a" + String(repeating: "\u{301}", count: TextCap.scalars)
        ScenarioParseTests.expectError(#"{"t": 1, "text": "\#(marks)"}"#, "\(TextCap.scalars) Unicode scalars", keyPath: "text")
    }
}
