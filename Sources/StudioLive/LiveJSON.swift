import Foundation
import StudioKit

/// A command's JSON, as the server writes it: the package's ordered tree in the platform's
/// key order, written straight into bytes, with holes for the times it carries
/// (`LiveTemplate`).
///
/// A server writes every command once per client, and a busy room sends thousands a second
/// to each. Foundation's writers cost tens of microseconds (`JSONEncoder`) to hundreds
/// (`JSONSerialization`, which casts every value dynamically and sorts keys) for one
/// `DANMU_MSG`, which made the encoding most of `studio serve`'s time. This writer appends
/// bytes, and a command is written once per record: each client's copy only has its times
/// stamped in. Reading is `JSONDecoder`'s (`LiveCommands.decode`), which decodes only the
/// fields a room reads.
typealias LiveJSON = JSONTree<LiveStamp>

/// The forms in which commands carry the time they were sent.
enum LiveStamp {
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

extension JSONTree where Hole == LiveStamp {
    /// The time the command was sent, stamped in per copy.
    static func stamp(_ stamp: LiveStamp) -> LiveJSON { .hole(stamp) }

    /// The value written, its times left as holes.
    var template: LiveTemplate {
        var out = LiveTemplate()
        out.pieces[0].reserveCapacity(256)
        write(into: &out) { stamp, out in out.hole(stamp) }
        return out
    }
}

/// A written command whose times are still to be stamped in.
struct LiveTemplate: Sendable, JSONSink {
    /// The bytes between the stamps: one more than `stamps`.
    fileprivate(set) var pieces: [[UInt8]] = [[]]
    fileprivate(set) var stamps: [LiveStamp] = []

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

    mutating func append(_ byte: UInt8) { pieces[pieces.count - 1].append(byte) }
    mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        pieces[pieces.count - 1].append(contentsOf: bytes)
    }
    /// `text` as a JSON string, quotes and escapes, straight onto the last piece.
    mutating func appendString(_ text: String) { JSONString.append(text, to: &pieces[pieces.count - 1]) }

    fileprivate mutating func hole(_ stamp: LiveStamp) {
        stamps.append(stamp)
        pieces.append([])
    }
}
