import StudioKit

/// A strict JSON reader for configuration files. Foundation's parsers report a syntax error
/// as "around character N" at best and accept duplicate keys silently; this one reports the
/// line and column of every syntax error, rejects duplicate keys, and remembers the line of
/// each value by key path (`widgets[3].options.lanes`), so that errors found later, when
/// the values are checked, can name the line too.
package struct ConfigJSONReader {
    /// A syntax error: where (1-based line and column) and what was expected.
    package struct SyntaxError: Error, Hashable {
        package var line: Int
        package var column: Int
        package var reason: String
    }

    /// A parsed document: the value and the line each key path starts on.
    package struct Document {
        package var value: JSONValue
        package var lines: [String: Int]
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The offset of the first byte of the current line.
    private var lineStart = 0
    private var lines: [String: Int] = [:]
    private var depth = 0
    /// Whether to build key paths and remember their lines; a reader of one-line documents
    /// has no use for them, and building them was most of its cost.
    private let tracksLines: Bool
    /// Deeper nesting is refused rather than risking the stack on a hostile file.
    static let maxDepth = 256

    private init(_ bytes: [UInt8], tracksLines: Bool) {
        self.bytes = bytes
        self.tracksLines = tracksLines
        // A UTF-8 byte order mark is allowed and skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    /// Parses one JSON document (a value surrounded by whitespace only).
    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Document {
        var reader = ConfigJSONReader(bytes, tracksLines: true)
        let value = try reader.parseDocument()
        return Document(value: value, lines: reader.lines)
    }

    /// Parses one JSON document without remembering lines: for one-line documents such as
    /// the lines of a JSON Lines file, whose errors name the file's line instead.
    package static func parseValue(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var reader = ConfigJSONReader(bytes, tracksLines: false)
        return try reader.parseDocument()
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty; expected a JSON object") }
        let value = try parseValue(path: "")
        skipWhitespace()
        guard index == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the end of the document")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(path: String) throws(SyntaxError) -> JSONValue {
        if tracksLines { lines[path] = line }
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(path: path)
        case UInt8(ascii: "["): return try parseArray(path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error("unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func parseObject(path: String) throws(SyntaxError) -> JSONValue {
        try enter()
        index += 1  // {
        var object: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error(
                    "unexpected \(describeCurrent()); expected a key in double quotes"
                        + (peek(UInt8(ascii: "}")) ? " (a comma may not come before '}')" : ""))
            }
            let keyLine = line, keyColumn = index - lineStart + 1
            let key = try parseString()
            if object[key] != nil {
                throw SyntaxError(
                    line: keyLine, column: keyColumn,
                    reason: "the key \"\(key)\" appears twice in this object; keep one")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            object[key] = try parseValue(path: !tracksLines ? "" : path.isEmpty ? key : "\(path).\(key)")
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return .object(object)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}' after the value of \"\(key)\"")
        }
    }

    private mutating func parseArray(path: String) throws(SyntaxError) -> JSONValue {
        try enter()
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error("unexpected ']'; a comma may not come before ']'") }
            items.append(try parseValue(path: tracksLines ? "\(path)[\(items.count)]" : ""))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(items)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']' after item \(items.count - 1) of the array")
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try parseUnicodeEscape())
                default:
                    index -= 1
                    throw error(
                        "invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string; valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                }
            case 0x0A, 0x0D:
                throw error("a string may not span lines; close it with '\"' or write \\n")
            case 0..<0x20:
                throw error("a control character (code \(b)) in a string; escape it")
            default:
                out.append(b)
                index += 1
            }
        }
        throw error("unexpected end of file inside a string; close it with '\"'")
    }

    /// `\uXXXX`, combining a surrogate pair; a lone surrogate is an error.
    private mutating func parseUnicodeEscape() throws(SyntaxError) -> [UInt8] {
        let high = try hex4()
        var scalarValue = high
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a \\u escape of a high surrogate must be followed by a low surrogate \\uDC00...\\uDFFF")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("expected a low surrogate \\uDC00...\\uDFFF") }
            scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
            throw error("a lone low surrogate \\u\(String(high, radix: 16, uppercase: true)) in a string")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("an invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("a number may not have leading zeros")
            }
        } else if skipDigits() == 0 {
            throw error("expected a digit in a number")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            if skipDigits() == 0 { throw error("expected a digit after the decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            if skipDigits() == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is too large")
        }
        return value
    }

    /// Skips decimal digits; returns how many.
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= w.count, bytes[index..<index + w.count].elementsEqual(w) else {
            throw error("unexpected \(describeCurrent()); expected a value (did you mean \(word)? strings need double quotes)")
        }
        index += w.count
    }

    // MARK: Position

    private func peek(_ b: UInt8) -> Bool { index < bytes.count && bytes[index] == b }

    /// Skips spaces, tabs and line breaks, counting lines. Comments are not JSON.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b == UInt8(ascii: "/") { return "'/' (comments are not allowed in JSON)" }
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(line: line, column: index - lineStart + 1, reason: reason)
    }
}
