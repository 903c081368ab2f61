import Foundation
import StudioKit

/// A command's JSON, as the server writes it: a value tree in the platform's key order,
/// written straight into bytes, with holes for the times it carries (`Template`).
///
/// A server writes every command once per client, and a busy room sends thousands a second
/// to each. Foundation's writers cost tens of microseconds (`JSONEncoder`) to hundreds
/// (`JSONSerialization`, which casts every value dynamically and sorts keys) for one
/// `DANMU_MSG`, which made the encoding most of `studio serve`'s time. This writer appends
/// bytes, and a command is written once per record: each client's copy only has its times
/// stamped in. It writes only what the commands hold: strings, whole numbers, null, arrays,
/// objects and times. Reading is `JSONDecoder`'s (`LiveCommands.decode`), which decodes only
/// the fields a room reads.
indirect enum LiveJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    case string(String)
    case int(Int)
    case null
    case array([LiveJSON])
    /// Keys in the order given.
    case object([(String, LiveJSON)])
    /// The time the command was sent, stamped in per copy.
    case stamp(Stamp)

    /// The forms in which commands carry the time they were sent.
    enum Stamp {
        /// Whole seconds since 1970, plus `plus` (a super chat's end).
        case seconds(plus: Int)
        /// Whole seconds since 1970, as a string.
        case secondsText
        /// Milliseconds since 1970.
        case milliseconds
        /// Milliseconds since 1970, its low 31 bits (`DANMU_MSG`'s random-looking field).
        case millisecondsLow31

        func write(at time: Date, into out: inout [UInt8]) {
            let milliseconds = Int(clamping: time.timeIntervalSince1970 * 1000), seconds = milliseconds / 1000
            switch self {
            case .seconds(let plus): out.append(contentsOf: String(seconds &+ plus).utf8)
            case .secondsText: JSONString.append(String(seconds), to: &out)
            case .milliseconds: out.append(contentsOf: String(milliseconds).utf8)
            case .millisecondsLow31: out.append(contentsOf: String(milliseconds & 0x7FFF_FFFF).utf8)
            }
        }
    }

    /// A written command whose times are still to be stamped in.
    struct Template: Sendable {
        /// The bytes between the stamps: one more than `stamps`.
        fileprivate(set) var pieces: [[UInt8]] = [[]]
        fileprivate(set) var stamps: [Stamp] = []

        /// The command with `time` stamped in.
        func bytes(at time: Date) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(pieces.reduce(stamps.count * 16) { $0 + $1.count })
            for (piece, stamp) in zip(pieces, stamps) {
                out.append(contentsOf: piece)
                stamp.write(at: time, into: &out)
            }
            out.append(contentsOf: pieces[pieces.count - 1])
            return out
        }

        fileprivate mutating func append(_ byte: UInt8) { pieces[pieces.count - 1].append(byte) }
        /// `text` as a JSON string, quotes and escapes, straight onto the last piece.
        fileprivate mutating func appendString(_ text: String) { JSONString.append(text, to: &pieces[pieces.count - 1]) }
        fileprivate mutating func append(contentsOf bytes: some Sequence<UInt8>) {
            pieces[pieces.count - 1].append(contentsOf: bytes)
        }
        fileprivate mutating func hole(_ stamp: Stamp) {
            stamps.append(stamp)
            pieces.append([])
        }
    }

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: LiveJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, LiveJSON)...) { self = .object(elements) }
    init(nilLiteral: ()) { self = .null }

    /// The value written, its times left as holes.
    var template: Template {
        var out = Template()
        out.pieces[0].reserveCapacity(256)
        write(into: &out)
        return out
    }

    private func write(into out: inout Template) {
        switch self {
        case .string(let s): out.appendString(s)
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .stamp(let stamp): out.hole(stamp)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.appendString(key)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
