import StudioKit

/// JSON as the fuzzer edits it: objects keep their keys in order (and may hold a key twice,
/// which the studio's strict reader must refuse), numbers keep their text, and `raw` holds
/// bytes written as they are, so a mutation can write what no JSON library would: bare
/// `NaN`, a string with bytes that are not UTF-8, a number with 400 digits.
enum JSONTree {
    /// A key and its value in an object.
    struct Member {
        var key: String
        var value: JSONTree
    }

    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([Member])
    case raw([UInt8])

    /// Compact JSON text.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let s): JSONString.append(s, to: &out)
        case .raw(let bytes): out += bytes
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Parses JSON text (duplicate keys kept in order); nil when it is not JSON, so the
    /// caller falls back to byte mutations.
    static func parse(_ bytes: some Collection<UInt8>) -> JSONTree? {
        var reader = Reader(bytes: Array(bytes))
        guard let value = try? reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        struct Bad: Error {}

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ word: String) throws {
            let w = Array(word.utf8)
            guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else { throw Bad() }
            index += w.count
        }

        mutating func value(depth: Int) throws -> JSONTree {
            guard depth < 512 else { throw Bad() }
            skipSpace()
            guard index < bytes.count else { throw Bad() }
            switch bytes[index] {
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONTree] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw Bad() }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { throw Bad() }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Bad() }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append(Member(key: key, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw Bad() }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { throw Bad() }
                }
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw Bad() }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// A string's value, escapes decoded (an escaped lone surrogate becomes U+FFFD).
        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var plain: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
                plain.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    plain.append(byte)
                    continue
                }
                guard index < bytes.count else { throw Bad() }
                let escape = bytes[index]
                index += 1
                flush()
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard bytes.count - index >= 4, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw Bad() }
                    index += 4
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw Bad()
        }
    }
}

/// A path to one value in a tree: array indices and object member positions.
typealias JSONPath = [Int]

extension JSONTree {
    /// Every value's path, the root first.
    func paths(prefix: JSONPath = [], into out: inout [JSONPath]) {
        out.append(prefix)
        switch self {
        case .array(let items): for (i, item) in items.enumerated() { item.paths(prefix: prefix + [i], into: &out) }
        case .object(let members): for (i, m) in members.enumerated() { m.value.paths(prefix: prefix + [i], into: &out) }
        default: break
        }
    }

    var allPaths: [JSONPath] {
        var out: [JSONPath] = []
        paths(into: &out)
        return out
    }

    subscript(path: JSONPath) -> JSONTree {
        get {
            guard let first = path.first else { return self }
            switch self {
            case .array(let items): return items[first][Array(path.dropFirst())]
            case .object(let members): return members[first].value[Array(path.dropFirst())]
            default: return self
            }
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            switch self {
            case .array(var items):
                items[first][Array(path.dropFirst())] = newValue
                self = .array(items)
            case .object(var members):
                members[first].value[Array(path.dropFirst())] = newValue
                self = .object(members)
            default: self = newValue
            }
        }
    }
}
