import Foundation
import StudioKit

/// A scripted run, from a JSON Lines file: one timestamped object per line, e.g.
///
///     {"t": 1.5, "comment": {"user": "Yuki", "text": "hello"}}
///     {"t": 2, "gift": {"sender": "Leo", "gift": "rocket", "count": 1}}
///     {"t": 6, "connection": "drop"}
///     {"t": 8, "swipe": {"axis": "horizontal", "direction": 1}}
///
/// Actions: comment, gift, likes, enter, leave, online, rank, pk, price, system (server
/// messages), connection ("drop", "fail": the next reconnect attempt fails), tap, swipe,
/// key (input). `t` is simulated seconds from the start of the run and never decreases.
/// Blank lines and lines starting with `//` are skipped.
public struct Scenario: Hashable, Sendable {
    /// The file it came from, as errors name it.
    public var file: String
    /// Every entry in time order; entries at the same time keep file order. A gesture line
    /// gives several entries (its pointer samples), which may reach past later lines' times.
    public var entries: [ScenarioEntry]

    public init(file: String, entries: [ScenarioEntry]) {
        self.file = file
        self.entries = entries
    }

    /// The time of the last entry (0 for an empty scenario).
    public var duration: Double { entries.last?.time ?? 0 }

    /// Reads and parses a scenario file.
    /// - Throws: `ConfigError` naming the file (and the line, when the content is wrong).
    public static func load(path: String) throws -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(file: path, reason: "cannot read the scenario (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, reason: "not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses scenario text; `file` is only for error messages.
    /// - Throws: `ConfigError` with the file, the 1-based line and the reason: not JSON, not
    ///   an object, an unknown field (listing the valid ones), a missing or bad value, a
    ///   negative or decreasing time, an unknown gift (listing the known ones).
    public static func parse(_ text: String, file: String) throws -> Scenario {
        var entries: [ScenarioEntry] = []
        var previous = 0.0
        let decoder = JSONDecoder()
        // `isNewline`, not "\n": in Swift "\r\n" is one Character, so a file saved with
        // Windows line ends would otherwise be a single line.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("//") { continue }
            let number = index + 1
            let value: JSONValue
            do {
                value = try decoder.decode(JSONValue.self, from: Data(line.utf8))
            } catch {
                throw ConfigError(file: file, line: number, reason: "not valid JSON: \(line.prefix(60))")
            }
            guard case .object(let object) = value else {
                throw ConfigError(file: file, line: number, reason: "a line must be a JSON object (got \(value.kindDescription))")
            }
            let fields = ScenarioFields(file: file, line: number, keyPath: "", values: object)
            let lineEntries = try ScenarioLine.entries(fields, previousTime: previous)
            previous = lineEntries.first?.time ?? previous
            entries += lineEntries
        }
        // Gesture samples can reach past the next lines' times: order by time, ties by file
        // order (the index), so replay is deterministic.
        let ordered = entries.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return Scenario(file: file, entries: ordered)
    }
}
