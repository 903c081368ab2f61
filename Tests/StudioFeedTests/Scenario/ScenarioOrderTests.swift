import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario lines decode lazily and still play in time order")
struct ScenarioOrderTests {
    /// Random lines at non-decreasing times, many of them gestures whose samples reach past
    /// the lines after them.
    static func randomScenario(seed: UInt64, lines: Int) -> String {
        var random = SeededRandom(seed: seed)
        var time = 0.0
        var text: [String] = []
        for i in 0..<lines {
            time += [0, 0, 0.01, 0.02, 0.05, 0.3][Int.random(in: 0..<6, using: &random)]
            let t = (time * 1000).rounded() / 1000
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.append(#"{"t": \#(t), "tap": {"x": 360, "y": 640}}"#)
            case 1: text.append(#"{"t": \#(t), "swipe": {"axis": "vertical", "direction": 1}}"#)
            case 2: text.append(#"{"t": \#(t), "likes": \#(i + 1)}"#)
            default: text.append(#"{"t": \#(t), "comment": {"user": "u\#(i)", "text": "line \#(i)"}}"#)
            }
        }
        return text.joined(separator: "\n")
    }

    @Test("entries equal every line's entries sorted by time, ties in file order, for random files")
    func matchesStableSort() throws {
        for seed in 1...40 as ClosedRange<UInt64> {
            let source = Self.randomScenario(seed: seed, lines: 60)
            let scenario = try Scenario.parse(source, file: "r.jsonl")
            // The reference: decode each line on its own, then a stable sort of everything.
            var all: [ScenarioEntry] = []
            for line in source.split(separator: "\n") {
                let one = try Scenario.parse(String(line), file: "r.jsonl")
                all += one.entries
            }
            let sorted = all.enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
            #expect(scenario.entries.map(\.time) == sorted.map(\.time), "seed \(seed)")
            #expect(scenario.entries.map(\.action) == sorted.map(\.action), "seed \(seed)")
            #expect(scenario.duration == sorted.last?.time, "seed \(seed)")
        }
    }

    @Test("a scenario keeps its bytes and one index entry per action line, not its decoded entries")
    func indexesLines() throws {
        let scenario = try Scenario.parse("// a comment\n\n" + Self.randomScenario(seed: 7, lines: 25), file: "r.jsonl")
        #expect(scenario.lineCount == 25)
        #expect(scenario.text.lines.first?.number == 3)
    }
}
