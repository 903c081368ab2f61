/// Turns the bytes of XML text or an attribute value into a String: the five predefined
/// entities, decimal and hex character references, CDATA sections, comments and PIs in
/// content, line-end normalisation, and UTF-8 validation.
///
/// Plain text (no `&`, no markup, no carriage return) skips the copy and goes straight to
/// one validating `String` initialiser; that is nearly every comment in a real file.
enum XMLTextDecoder {
    enum Failure: Error, Equatable {
        case badEntity(String)
        case invalidUTF8
    }

    /// Validates and builds a String from raw bytes, once.
    @inline(__always)
    static func string(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> String? {
        UTF8Validation.string(bytes + start, count: end - start)
    }

    /// Decodes `start..<end` into a String.
    ///
    /// - Parameters:
    ///   - plain: the caller knows the bytes need no decoding (the fast path).
    ///   - attribute: attribute-value rules: tabs and line breaks become spaces.
    ///   - scratch: reused between calls so that decoding allocates only the String.
    /// - Complexity: O(end - start).
    static func decode(
        _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, plain: Bool,
        attribute: Bool, scratch: inout [UInt8]
    ) -> Result<String, Failure> {
        if plain || !needsDecoding(bytes, from: start, to: end) {
            guard let text = string(bytes, from: start, to: end) else { return .failure(.invalidUTF8) }
            return .success(text)
        }
        scratch.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"):
                switch entity(bytes, at: index, end: end, into: &scratch) {
                case .success(let next): index = next
                case .failure(let failure): return .failure(failure)
                }
            case 0x0D:
                scratch.append(attribute ? 0x20 : 0x0A)
                index += 1
                if index < end && bytes[index] == 0x0A { index += 1 }
            case 0x0A, 0x09:
                scratch.append(attribute ? 0x20 : byte)
                index += 1
            case UInt8(ascii: "<") where !attribute:
                index = markup(bytes, at: index, end: end, into: &scratch)
            default:
                scratch.append(byte)
                index += 1
            }
        }
        if scratch.isEmpty { return .success("") }
        guard let text = scratch.withUnsafeBufferPointer({ UTF8Validation.string($0.baseAddress!, count: $0.count) }) else {
            return .failure(.invalidUTF8)
        }
        return .success(text)
    }

    static func needsDecoding(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == 0x0D { return true }
            index += 1
        }
        return false
    }

    /// Copies a CDATA section's text, or skips a comment or PI; returns the index after it.
    private static func markup(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, into scratch: inout [UInt8]) -> Int {
        func find(_ terminator: StaticString, from index: Int) -> Int {
            let count = terminator.utf8CodeUnitCount
            let pointer = terminator.utf8Start
            var index = index
            while index + count <= end {
                var matched = true
                for offset in 0..<count where bytes[index + offset] != pointer[offset] {
                    matched = false
                    break
                }
                if matched { return index }
                index += 1
            }
            return end
        }
        if XMLStartTag.equals(bytes, start, min(end, start + 9), "<![CDATA[") {
            let close = find("]]>", from: start + 9)
            var index = start + 9
            while index < close {
                // Line ends are normalised inside CDATA too (XML 1.0 §2.11).
                if bytes[index] == 0x0D {
                    scratch.append(0x0A)
                    if index + 1 < close && bytes[index + 1] == 0x0A { index += 1 }
                } else {
                    scratch.append(bytes[index])
                }
                index += 1
            }
            return min(end, close + 3)
        }
        if XMLStartTag.equals(bytes, start, min(end, start + 4), "<!--") {
            return min(end, find("-->", from: start + 4) + 3)
        }
        if start + 1 < end && bytes[start + 1] == UInt8(ascii: "?") {
            return min(end, find("?>", from: start + 2) + 2)
        }
        // Not reachable for record elements, whose scanner stops at any other tag.
        scratch.append(bytes[start])
        return start + 1
    }

    /// Decodes the reference at `start` (`&amp;`, `&#25105;`, `&#x1F600;`) into `scratch`.
    private static func entity(
        _ bytes: UnsafePointer<UInt8>, at start: Int, end: Int,
        into scratch: inout [UInt8]
    ) -> Result<Int, Failure> {
        var close = start + 1
        // The longest valid reference is `&#x0010FFFF;`; give up well after that.
        while close < end && close - start < 16 && bytes[close] != UInt8(ascii: ";") { close += 1 }
        let shown = XMLStartTag.text(bytes, start, min(close + 1, end))
        guard close < end && bytes[close] == UInt8(ascii: ";") else {
            return .failure(.badEntity(shown))
        }
        let nameStart = start + 1
        if XMLStartTag.equals(bytes, nameStart, close, "lt") {
            scratch.append(UInt8(ascii: "<"))
        } else if XMLStartTag.equals(bytes, nameStart, close, "gt") {
            scratch.append(UInt8(ascii: ">"))
        } else if XMLStartTag.equals(bytes, nameStart, close, "amp") {
            scratch.append(UInt8(ascii: "&"))
        } else if XMLStartTag.equals(bytes, nameStart, close, "quot") {
            scratch.append(UInt8(ascii: "\""))
        } else if XMLStartTag.equals(bytes, nameStart, close, "apos") {
            scratch.append(UInt8(ascii: "'"))
        } else if bytes[nameStart] == UInt8(ascii: "#") {
            var index = nameStart + 1
            let hex = index < close && (bytes[index] == UInt8(ascii: "x"))
            if hex { index += 1 }
            guard index < close else { return .failure(.badEntity(shown)) }
            var value: UInt32 = 0
            while index < close {
                guard let digit = digitValue(bytes[index], hex: hex) else { return .failure(.badEntity(shown)) }
                value = value * (hex ? 16 : 10) + digit
                if value > 0x10FFFF { return .failure(.badEntity(shown)) }
                index += 1
            }
            guard isXMLCharacter(value), let scalar = Unicode.Scalar(value) else { return .failure(.badEntity(shown)) }
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        } else {
            return .failure(.badEntity(shown))
        }
        return .success(close + 1)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's `Char` production: what a character reference may name.
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
