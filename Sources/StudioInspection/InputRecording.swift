import Foundation
import StudioKit

/// One input event and the frame whose input phase saw it: a line of a recording.
public struct RecordedInput: Hashable, Sendable {
    /// The driver frame (0-based) whose input phase polled the event.
    public var frame: Int
    public var event: InputEvent

    public init(frame: Int, event: InputEvent) {
        self.frame = frame
        self.event = event
    }
}

/// The recording format of `studio run --record`: JSON Lines, one event per line, with the
/// frame number first:
/// ```
/// {"frame":12,"type":"pointer","phase":"down","id":0,"x":360,"y":700,"time":0.2}
/// {"frame":40,"type":"key","key":"left","down":true,"repeat":false}
/// {"frame":52,"type":"text","text":"hello"}
/// {"frame":90,"type":"quit"}
/// ```
/// Blank lines and lines starting with `#` are skipped.
package enum InputRecording {
    /// A line that cannot be read, with the file and the 1-based line number.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var reason: String
        package var description: String { "\(file):\(line): \(reason)" }
    }

    /// The JSON line for `input` (keys in a fixed order, so recordings are stable text).
    package static func line(_ input: RecordedInput) -> String {
        func num(_ v: Double) -> String { v.compact }
        switch input.event {
        case .pointer(let p):
            return "{\"frame\":\(input.frame),\"type\":\"pointer\",\"phase\":\"\(p.phase.rawValue)\",\"id\":\(p.id),"
                + "\"x\":\(num(p.position.x)),\"y\":\(num(p.position.y)),\"time\":\(num(p.time))}"
        case .key(let k):
            return "{\"frame\":\(input.frame),\"type\":\"key\",\"key\":\"\(k.key.rawValue)\",\"down\":\(k.isDown),\"repeat\":\(k.isRepeat)}"
        case .text(let t):
            // JSONEncoder escapes quotes, backslashes and control characters.
            let quoted = (try? JSONEncoder().encode(t)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            return "{\"frame\":\(input.frame),\"type\":\"text\",\"text\":\(quoted)}"
        case .quit:
            return "{\"frame\":\(input.frame),\"type\":\"quit\"}"
        }
    }

    /// Reads a recording file.
    /// - Throws: `ParseError` naming `path` (line 0 when the file cannot be read).
    package static func load(path: String) throws -> [RecordedInput] {
        guard FileProblem.reason(path: path) == nil, let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(file: path, line: 0, reason: FileProblem.describe(path: path, reading: "the recording"))
        }
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() {
            if let bad = UTF8Check.firstInvalidOffset(line) {
                throw ParseError(
                    file: path, line: i + 1,
                    reason: "column \(bad + 1) is not UTF-8; a recording is UTF-8 text as `studio run --record` writes it")
            }
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Parses recording text; frames must not go backwards.
    package static func parse(_ text: String, file: String) throws -> [RecordedInput] {
        var out: [RecordedInput] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineText = raw.trimmingCharacters(in: .whitespaces)
            if lineText.isEmpty || lineText.hasPrefix("#") { continue }
            func fail(_ reason: String) -> ParseError { ParseError(file: file, line: i + 1, reason: reason) }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(lineText.utf8))) as? [String: Any] else {
                throw fail("not a JSON object: \(lineText.prefix(60))")
            }
            guard let frame = object["frame"] as? Int, (0...InputLimits.maxFrame).contains(frame) else {
                throw fail("\"frame\" must be a whole number from 0 to \(InputLimits.maxFrame) (a day at 60 frames a second)")
            }
            if let last = out.last, frame < last.frame { throw fail("frame \(frame) comes after frame \(last.frame)") }
            func number(_ key: String, in range: ClosedRange<Double>, _ meaning: String) throws -> Double {
                guard let v = object[key] as? Double else { throw fail("\"\(key)\" must be a number") }
                guard range.contains(v) else {
                    throw fail(
                        "\"\(key)\" must be between \(range.lowerBound.compact) and \(range.upperBound.compact): \(meaning) (got \(v.compact))"
                    )
                }
                return v
            }
            let area = InputLimits.pointerArea
            let near = "pointers are in studio points, at most a screen outside the 720x1280 studio"
            switch object["type"] as? String {
            case "pointer":
                guard let phase = (object["phase"] as? String).flatMap(PointerPhase.init(rawValue:)) else {
                    throw fail("\"phase\" must be one of down, moved, up, cancelled")
                }
                let id = object["id"] == nil ? 0 : object["id"] as? Int ?? -1
                guard (0...PointerEvent.maxID).contains(id) else {
                    throw fail("\"id\" must be a whole number from 0 to \(PointerEvent.maxID)")
                }
                let point = Point(x: try number("x", in: area.minX...area.maxX, near), y: try number("y", in: area.minY...area.maxY, near))
                let event = PointerEvent(
                    phase, id: id, at: point,
                    time: try number("time", in: 0...InputLimits.maxSeconds, "seconds, at most a day"))
                out.append(RecordedInput(frame: frame, event: .pointer(event)))
            case "key":
                guard let key = (object["key"] as? String).flatMap(Key.init(rawValue:)) else {
                    throw fail("\"key\" must be one of \(Key.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let down = object["down"] as? Bool ?? true
                let again = object["repeat"] as? Bool ?? false
                out.append(RecordedInput(frame: frame, event: .key(KeyEvent(key, isDown: down, isRepeat: again))))
            case "text":
                guard let t = object["text"] as? String else { throw fail("\"text\" must be a string") }
                if let problem = InputEvent.problem(typing: t) { throw fail("\"text\" \(problem)") }
                out.append(RecordedInput(frame: frame, event: .text(t)))
            case "quit":
                out.append(RecordedInput(frame: frame, event: .quit))
            default:
                throw fail("\"type\" must be pointer, key, text or quit")
            }
        }
        return out
    }
}
