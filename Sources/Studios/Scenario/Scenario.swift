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
            throw ConfigError(file: path, reason: FileProblem.describe(path: path, reading: "the scenario"))
        }
        return try parse(bytes: [UInt8](data), file: path)
    }

    /// Parses scenario text; `file` is only for error messages.
    public static func parse(_ text: String, file: String) throws -> Scenario {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses the bytes of a scenario file, one JSON object a line, with the same strict
    /// reader as configurations (so a key given twice is an error, not the last one winning).
    /// - Throws: `ConfigError` with the file, the 1-based line and the reason: not UTF-8 (with
    ///   the column), not JSON, not an object, an unknown field (listing the valid ones), a
    ///   missing value or one outside its stated range, a decreasing time, an unknown gift.
    /// - Complexity: O(n) in the file's size.
    public static func parse(bytes: [UInt8], file: String) throws -> Scenario {
        var entries: [ScenarioEntry] = []
        var previous = 0.0
        var number = 0
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a UTF-8 byte order mark
        while lineStart <= bytes.count {
            number += 1
            // "\n" ends a line; a "\r" before it (Windows line ends) or alone (old Mac ones) too.
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let next = end < bytes.count && bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
            defer { lineStart = next }
            let line = bytes[lineStart..<end]
            if let bad = UTF8Check.firstInvalidOffset(line) {
                throw ConfigError(file: file, line: number,
                                  reason: "column \(bad + 1): byte 0x\(String(line[line.startIndex + bad], radix: 16, uppercase: true)) is not UTF-8; save the file as UTF-8")
            }
            guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            if line[first...].starts(with: [0x2F, 0x2F]) { continue }  // "//" comment
            let value: JSONValue
            do {
                value = try ConfigJSONReader.parse(Array(line)).value
            } catch {
                throw ConfigError(file: file, line: number, reason: "not valid JSON (column \(error.column)): \(error.reason)")
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
        // order, so replay is deterministic. Most files are already in order.
        if !zip(entries, entries.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            entries = entries.enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
        }
        return Scenario(file: file, entries: entries)
    }
}
