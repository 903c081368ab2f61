extension String {
    /// The string as the inside of a JSON string literal: quotes, backslashes and control
    /// characters escaped, everything else as it is (JSON is UTF-8).
    package var jsonEscaped: String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        JSONString.appendEscaped(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Strings as JSON text, for the writers that make JSON byte by byte (the live protocol's
/// commands, the fuzzer's mutations).
package enum JSONString {
    /// `s` quoted, as a JSON string literal.
    package static func append(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(s, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `s` with the escapes JSON requires (the quote, the backslash and the control
    /// characters); the rest, CJK and emoji included, goes as its UTF-8 bytes.
    package static func appendEscaped(_ s: String, to out: inout [UInt8]) {
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
    }
}
