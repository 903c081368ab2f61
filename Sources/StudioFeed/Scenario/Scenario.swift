import Foundation
import StudioDomain
import StudioKit

/// A scripted run, from a JSON Lines file: one timestamped object per line, e.g.
///
///     {"t": 1.5, "comment": {"user": "Yuki", "text": "hello"}}
///     {"t": 2, "gift": {"sender": "Leo", "gift": "rocket", "count": 1}}
///     {"t": 6, "connection": "drop"}
///     {"t": 8, "swipe": {"axis": "horizontal", "direction": 1}}
///     {"t": 9, "pointer": {"down": [200, 640]}}
///     {"t": 9.1, "pointer": {"move": [260, 640]}}
///     {"t": 9.2, "pointer": {"up": [300, 640], "id": 0}}
///     {"t": 10, "drag": {"from": [200, 640], "to": [500, 640], "seconds": 0.4}}
///     {"t": 11, "text": "hello"}
///
/// Actions: comment, gift, likes, enter, leave, online, rank, pk, price, system (server
/// messages), connection ("drop", "fail": the next reconnect attempt fails), tap, swipe,
/// drag, pointer, key, text (input): `ScenarioVocabulary.standard`, one decoder per action.
/// An application adds its own server messages as actions of its own
/// (`ScenarioActionDecoder.message`, in its `Catalog`'s `scenarioActions`). `t` is
/// simulated seconds from the start of the run and never decreases. Blank lines and lines
/// starting with `//` are skipped.
///
/// Input, in the studio's 720x1280 points ((0, 0) at the top left): `tap` is a finger down
/// and up at one point; `swipe` a committed drag of a third of the screen through its
/// middle; `pointer` one exact sample, exactly one of `down`, `move`, `up` (pointer `id` 0
/// unless given); `drag` a finger down at `from`, moving along the line to `to` once a frame
/// (1/60 s) for `seconds` (0.01 to 60, default 0.3), and up at `to`. Pointers may be off the
/// studio by up to one studio size (`InputLimits.pointerArea`), as a drag past its edge is.
/// `key` presses and releases a key; `text` types text (at most `TextCap` long), which only
/// a focused text field takes.
public struct Scenario: Hashable, Sendable {
    /// The file it came from, as errors name it.
    public var file: String
    /// The checked text and where its lines are; lines decode into entries as a player
    /// reaches them, so a long file costs its bytes and an index, not every entry at once.
    /// Empty for a scenario made from entries.
    let text: ScenarioText
    /// Entries given whole (`init(file:entries:)`), played as they are.
    let given: [ScenarioEntry]
    /// The time of the last entry (0 for an empty scenario).
    public let duration: Double

    /// Every entry in time order; entries at the same time keep file order. A gesture line
    /// gives several entries (its pointer samples), which may reach past later lines' times.
    /// Decodes the whole file: players decode as they go instead.
    package var entries: [ScenarioEntry] {
        var player = ScenarioPlayer(self)
        return player.advance(to: .infinity).entries
    }

    /// How many lines hold an action (comments and blank lines are not counted).
    package var lineCount: Int { text.lines.count }

    /// The file's lines that are not input (server messages, connection events) with times
    /// up to `time`, as written: what a log of a session that played this scenario copies so
    /// that it replays, beside the input the session got (`ScenarioWriter`). None for a
    /// scenario made from entries.
    package func serverLines(upTo time: Double) -> [(time: Double, text: String)] {
        var lines: [(time: Double, text: String)] = []
        for (index, line) in text.lines.enumerated() {
            guard line.time <= time else { break }
            guard let first = text.entries(ofLine: index, file: file).first else { continue }
            if case .input = first.action { continue }
            lines.append((line.time, String(decoding: text.bytes[line.start..<line.end], as: UTF8.self)))
        }
        return lines
    }

    /// A scenario of entries made in code (a tool that reshapes a parsed scenario's times,
    /// say); they are put in time order, ties in the order given.
    public init(file: String, entries: [ScenarioEntry]) {
        self.file = file
        text = ScenarioText(bytes: [], lines: [], vocabulary: .standard)
        given = entries.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        duration = given.last?.time ?? 0
    }

    init(file: String, text: ScenarioText, duration: Double) {
        self.file = file
        self.text = text
        self.given = []
        self.duration = duration
    }

    /// Reads and parses a scenario file, whose lines may use the actions of `vocabulary`.
    /// - Throws: `ConfigError` naming the file (and the line, when the content is wrong).
    public static func load(path: String, vocabulary: ScenarioVocabulary = .standard) throws -> Scenario {
        // Checked first: a pipe or a device is refused rather than read for ever.
        guard FileProblem.reason(path: path) == nil, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, reason: FileProblem.describe(path: path, reading: "the scenario"))
        }
        let bytes = [UInt8](data)
        return try parse(bytes: bytes, file: path, vocabulary: vocabulary)
    }

    /// Parses scenario text; `file` is only for error messages.
    package static func parse(_ text: String, file: String, vocabulary: ScenarioVocabulary = .standard) throws -> Scenario {
        try parse(bytes: Array(text.utf8), file: file, vocabulary: vocabulary)
    }

    /// Checks every line of a scenario file, one JSON object a line, with the same strict
    /// reader as configurations (so a key given twice is an error, not the last one winning),
    /// and indexes the lines for playing.
    /// - Throws: `ConfigError` with the file, the 1-based line and the reason: not UTF-8 (with
    ///   the column), not JSON, not an object, an unknown field (listing the valid ones), a
    ///   missing value or one outside its stated range, a decreasing time, an unknown gift,
    ///   an action `vocabulary` does not have (listing those it has).
    /// - Complexity: O(n) in the file's size; memory O(lines) beside the bytes.
    package static func parse(bytes: [UInt8], file: String, vocabulary: ScenarioVocabulary = .standard) throws -> Scenario {
        var lines: [ScenarioText.Line] = []
        var previous = 0.0
        var last = 0.0
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
                throw ConfigError(
                    file: file, line: number,
                    reason:
                        "column \(bad + 1): byte 0x\(String(line[line.startIndex + bad], radix: 16, uppercase: true)) is not UTF-8; save the file as UTF-8"
                )
            }
            guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            if line[first...].starts(with: [0x2F, 0x2F]) { continue }  // "//" comment
            let ref = ScenarioText.Line(start: lineStart, end: end, number: number, time: 0)
            let lineEntries = try ScenarioText.decode(line, ref: ref, file: file, previousTime: previous, vocabulary: vocabulary)
            guard let head = lineEntries.first else { continue }
            previous = head.time
            last = max(last, lineEntries.map(\.time).max() ?? head.time)
            lines.append(ScenarioText.Line(start: lineStart, end: end, number: number, time: head.time))
        }
        return Scenario(file: file, text: ScenarioText(bytes: bytes, lines: lines, vocabulary: vocabulary), duration: last)
    }
}

/// A scenario file's bytes and its action lines, checked once when the file was parsed.
/// Immutable, so players on other threads share it.
final class ScenarioText: Hashable, Sendable {
    struct Line: Hashable, Sendable {
        /// The line's bytes in the file, without its line end.
        var start: Int
        var end: Int
        /// 1-based, as errors and entries name it.
        var number: Int
        /// The time of its first entry (the line's `t`).
        var time: Double
    }

    let bytes: [UInt8]
    let lines: [Line]
    /// The actions the lines were read with, to read them again as they play.
    let vocabulary: ScenarioVocabulary

    init(bytes: [UInt8], lines: [Line], vocabulary: ScenarioVocabulary) {
        self.bytes = bytes
        self.lines = lines
        self.vocabulary = vocabulary
    }

    static func == (a: ScenarioText, b: ScenarioText) -> Bool { a === b || (a.lines == b.lines && a.bytes == b.bytes) }
    func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// One line's entries, its own first: the line's time, then any later samples of its gesture.
    static func decode(
        _ line: ArraySlice<UInt8>, ref: Line, file: String, previousTime: Double,
        vocabulary: ScenarioVocabulary
    ) throws -> [ScenarioEntry] {
        let value: JSONValue
        do {
            value = try ConfigJSONReader.parseValue(Array(line))
        } catch {
            throw ConfigError(file: file, line: ref.number, reason: "not valid JSON (column \(error.column)): \(error.reason)")
        }
        guard case .object(let object) = value else {
            throw ConfigError(file: file, line: ref.number, reason: "a line must be a JSON object (got \(value.kindDescription))")
        }
        let fields = ScenarioFields(file: file, line: ref.number, keyPath: "", values: object)
        return try ScenarioLine.entries(fields, previousTime: previousTime, vocabulary: vocabulary)
    }

    /// The entries of the line at `index`. The line was checked when the file was parsed, so
    /// decoding it again cannot fail; if it somehow did, the line plays nothing.
    func entries(ofLine index: Int, file: String) -> [ScenarioEntry] {
        let ref = lines[index]
        return (try? Self.decode(bytes[ref.start..<ref.end], ref: ref, file: file, previousTime: 0, vocabulary: vocabulary)) ?? []
    }
}

/// The samples of gestures that reach past the lines after them, held until the file's time
/// passes them: lines never go back in time, so the entries come out in time order (ties in
/// file order) without sorting the whole file.
struct LaterSamples: Sendable {
    /// Sorted by time, then by the order they were read; few at a time (a gesture's samples).
    private var pending: [ScenarioEntry] = []

    var isEmpty: Bool { pending.isEmpty }

    mutating func insert(_ entry: ScenarioEntry) {
        // After every entry at the same time or earlier: those were read first.
        var low = 0, high = pending.count
        while low < high {
            let mid = (low + high) / 2
            if pending[mid].time <= entry.time { low = mid + 1 } else { high = mid }
        }
        pending.insert(entry, at: low)
    }

    /// Moves every held entry at `time` or before to `entries`: they were read before the
    /// line at `time`, so they come first at equal times.
    mutating func flush(upTo time: Double, into entries: inout [ScenarioEntry]) {
        let count = pending.prefix { $0.time <= time }.count
        guard count > 0 else { return }
        entries.append(contentsOf: pending[..<count])
        pending.removeFirst(count)
    }
}
