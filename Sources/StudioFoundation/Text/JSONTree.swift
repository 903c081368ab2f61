/// JSON as the package's byte writers make and edit it: objects keep their members in order
/// (a key may appear twice), numbers keep their text, and a `hole` stands for bytes its
/// writer supplies, so one tree serves writers with different needs:
/// - the live server writes a command once and stamps each client's send time into its
///   holes (`JSONTree<LiveStamp>`);
/// - the fuzzer writes what no JSON library would, bare `NaN` or bytes that are not UTF-8,
///   as holes of raw bytes (`JSONTree<[UInt8]>`);
/// - a tree with no holes is `JSONTree<Never>`, which the mode-7 danmaku reader parses a
///   script into.
///
/// Configuration is read by its own strict reader into the public `JSONValue`, whose objects
/// are dictionaries for lookup: a duplicate key there is an error, not a member to keep.
package indirect enum JSONTree<Hole> {
    /// A key and its value in an object.
    package struct Member {
        package var key: String
        package var value: JSONTree

        package init(key: String, value: JSONTree) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    /// The number's text, as written (`1e400` and 400-digit integers stay what they are).
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([Member])
    /// Bytes the writer's `hole` closure supplies.
    case hole(Hole)

    /// A whole number.
    package static func int(_ n: Int) -> JSONTree { .number(String(n)) }

    /// The tree as compact JSON text, each hole written by `hole`.
    @inlinable
    package func write<Sink: JSONSink>(into out: inout Sink, hole: (Hole, inout Sink) -> Void) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): out.appendString(s)
        case .hole(let h): hole(h, &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out, hole: hole)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.appendString(member.key)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out, hole: hole)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONTree where Hole == Never {
    /// Compact JSON text.
    package func bytes() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out) { never, _ in switch never {} }
        return out
    }
}

extension JSONTree.Member: Sendable where Hole: Sendable {}
extension JSONTree: Sendable where Hole: Sendable {}
extension JSONTree.Member: Equatable where Hole: Equatable {}
extension JSONTree: Equatable where Hole: Equatable {}

// Not `ExpressibleByNilLiteral`: `parse(_:) == nil` would then compare with `.null`.
extension JSONTree: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
    /// Members in the order written.
    package init(dictionaryLiteral elements: (String, JSONTree)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}

/// Where a tree's text goes: a byte array, or a writer that keeps what it writes in pieces.
package protocol JSONSink {
    mutating func append(_ byte: UInt8)
    mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8
    /// `text` as a JSON string literal, quoted and escaped.
    mutating func appendString(_ text: String)
}

extension Array: JSONSink where Element == UInt8 {
    package mutating func appendString(_ text: String) { JSONString.append(text, to: &self) }
}

// MARK: - Reading

extension JSONTree {
    /// Parses JSON text, duplicate keys kept in order and numbers as their text; nil when it
    /// is not JSON. Lenient where the tree's writers do not care: a number is any run of
    /// number characters, and an escaped lone surrogate becomes U+FFFD (a pair is its character).
    package static func parse(_ bytes: some Collection<UInt8>) -> JSONTree? {
        var reader = TreeReader(bytes: Array(bytes))
        guard let value: JSONTree = try? reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }
}

private struct TreeReader {
    let bytes: [UInt8]
    var index = 0
    struct Bad: Error {}

    /// Deeper than this is refused rather than recursed into.
    static let maxDepth = 512

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ word: String) throws {
        let w = Array(word.utf8)
        guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else { throw Bad() }
        index += w.count
    }

    mutating func value<Hole>(depth: Int) throws -> JSONTree<Hole> {
        guard depth < Self.maxDepth else { throw Bad() }
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
            var items: [JSONTree<Hole>] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                if try closes(UInt8(ascii: "]")) { return .array(items) }
            }
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONTree<Hole>.Member] = []
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
                members.append(.init(key: key, value: try value(depth: depth + 1)))
                if try closes(UInt8(ascii: "}")) { return .object(members) }
            }
        default:
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw Bad() }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    /// The four hex digits of a `\u` escape.
    mutating func hex4() throws -> UInt32 {
        guard bytes.count - index >= 4,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw Bad() }
        index += 4
        return code
    }

    /// After an item: true at `close`, false at a comma, and an error at anything else.
    mutating func closes(_ close: UInt8) throws -> Bool {
        skipSpace()
        guard index < bytes.count else { throw Bad() }
        index += 1
        if bytes[index - 1] == close { return true }
        guard bytes[index - 1] == UInt8(ascii: ",") else { throw Bad() }
        return false
    }

    /// A string's value, escapes decoded.
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
                let code = try hex4()
                // A pair of escapes is one character beyond the BMP (an emoji as `\ud83d\ude00`).
                if (0xD800...0xDBFF).contains(code), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let mark = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low), let pair = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)) {
                        scalars.append(pair)
                        continue
                    }
                    index = mark
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw Bad()
    }
}

// MARK: - Editing

extension JSONTree {
    /// Every value's path (array indices and object member positions), the root first.
    package var allPaths: [[Int]] {
        var out: [[Int]] = []
        collectPaths(prefix: [], into: &out)
        return out
    }

    private func collectPaths(prefix: [Int], into out: inout [[Int]]) {
        out.append(prefix)
        switch self {
        case .array(let items): for (i, item) in items.enumerated() { item.collectPaths(prefix: prefix + [i], into: &out) }
        case .object(let members):
            for (i, m) in members.enumerated() { m.value.collectPaths(prefix: prefix + [i], into: &out) }
        default: break
        }
    }

    /// The value at `path`; a path that goes on past a leaf stops at the leaf.
    package subscript(path: [Int]) -> JSONTree {
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
