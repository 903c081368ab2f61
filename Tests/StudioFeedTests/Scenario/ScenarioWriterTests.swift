import RoomFixtures
import StudioKit
import Testing

@testable import StudioFeed

/// `ScenarioWriter` writes input as scenario lines that read back to the same events, and
/// `Scenario.serverLines` gives a file's other lines as written: a DevTools log made of both
/// replays the session.
@Suite("Scenario lines written from input read back to it")
struct ScenarioWriterTests {
    /// The events `lines` play, in order.
    static func inputs(of lines: [String]) throws -> [InputEvent] {
        try Scenario.parse(lines.joined(separator: "\n"), file: "written.jsonl").entries.compactMap {
            if case .input(let event) = $0.action { return event }
            return nil
        }
    }

    @Test("pointer samples, keys and text round-trip, fractions and far points included")
    func roundTrip() throws {
        let events: [InputEvent] = [
            .pointer(PointerEvent(.down, at: Point(x: 360, y: 780), time: 1)),
            .pointer(PointerEvent(.moved, id: 3, at: Point(x: 123.456789, y: -0.25), time: 1.016666666666)),
            .pointer(PointerEvent(.up, id: 3, at: Point(x: 1e-3, y: 2559.5), time: 1.05)),
            .key(KeyEvent(.l)),
            .text("héllo \"quoted\" \\ 弹幕 🎉"),
        ]
        var writer = ScenarioWriter()
        let lines = events.enumerated().compactMap { i, event in writer.line(for: event, at: 1 + Double(i) * 0.1) }
        #expect(lines.count == events.count)
        // Pointers carry their own times; the key and the text the times they were given.
        #expect(lines[0] == #"{"t": 1, "pointer": {"down": [360, 780]}}"#)
        #expect(lines[3] == #"{"t": 1.3, "key": "l"}"#)
        let read = try Self.inputs(of: lines)
        let expected: [InputEvent] = [
            events[0], events[1], events[2], .key(KeyEvent(.l)), .key(KeyEvent(.l, isDown: false)), events[4],
        ]
        // A pointer line gives its sample at the line's time, which is the writer's.
        let times = lines.map { Double($0.dropFirst(6).prefix { $0 != "," })! }
        #expect(read.count == expected.count)
        for (got, want) in zip(read, expected) {
            if case .pointer(let p) = got, case .pointer(var q) = want {
                q.time = times[[0, 1, 2].first { events[$0] == want }!]
                #expect(p == q)
            } else {
                #expect(got == want)
            }
        }
    }

    @Test("what a scenario cannot say is not written, and times never go back")
    func skipsAndOrder() throws {
        var writer = ScenarioWriter()
        let skipped: [InputEvent] = [
            .pointer(PointerEvent(.hovered, at: Point(x: 1, y: 1), time: 1)),
            .pointer(PointerEvent(.cancelled, at: Point(x: 1, y: 1), time: 1)),
            .pointer(PointerEvent(.down, at: Point(x: .nan, y: 1), time: 1)),
            .key(KeyEvent(.l, isDown: false)), .key(KeyEvent(.l, isRepeat: true)), .key(KeyEvent(.other)),
            .text(""), .quit,
        ]
        for event in skipped { #expect(writer.line(for: event, at: 1) == nil, "\(event)") }
        #expect(writer.line(for: .key(KeyEvent(.space)), at: .infinity) == nil)
        let late = writer.line(for: .pointer(PointerEvent(.down, at: Point(x: 5, y: 5), time: 2)), at: 2)
        let early = writer.line(for: .key(KeyEvent(.up)), at: 1.5)
        #expect(late == #"{"t": 2, "pointer": {"down": [5, 5]}}"#)
        #expect(early == #"{"t": 2, "key": "up"}"#, "an earlier time is written at the last one")
        // A pointer far off the window is held at the edge of the area a scenario admits.
        let far = writer.line(for: .pointer(PointerEvent(.moved, at: Point(x: 1e9, y: -1e9), time: 3)), at: 3)
        #expect(far == #"{"t": 3, "pointer": {"move": [1440, -1280]}}"#)
        #expect(try Self.inputs(of: [late!, early!, far!]).count == 4)
    }

    @Test("a scenario's server lines are its lines that are not input, as written, up to a time")
    func serverLines() throws {
        let text = """
            // a comment
            {"t": 0.5, "online": 12}
            {"t": 1, "tap": {"x": 10, "y": 10}}
            {"t": 1,   "comment": {"user": "Yuki", "text": "hi"}}

            {"t": 2, "connection": "drop"}
            {"t": 3, "key": "l"}
            """
        let scenario = try Scenario.parse(text, file: "s.jsonl")
        let lines = scenario.serverLines(upTo: 2)
        #expect(lines.map(\.time) == [0.5, 1, 2])
        #expect(lines[1].text == #"{"t": 1,   "comment": {"user": "Yuki", "text": "hi"}}"#)
        #expect(scenario.serverLines(upTo: 0.9).count == 1)
        #expect(Scenario(file: "given", entries: []).serverLines(upTo: 10).isEmpty)
    }
}
