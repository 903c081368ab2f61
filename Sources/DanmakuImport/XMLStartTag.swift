/// One attribute of a start tag, as byte offsets into the window; decoded only if asked for.
struct XMLAttributeSpan {
    var nameStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
    /// The value holds `&` or a tab or line break, which XML turns into something else.
    var needsDecoding: Bool
}

/// Splits a start tag into its name and attribute spans without copying or decoding.
///
/// Accepts what XML allows and recorders write: single or double quotes, whitespace around
/// `=`, a `/>` end. Refuses an attribute without `=` or quotes, an unterminated value, and
/// `<` inside a value.
struct XMLStartTag {
    enum Failure: Equatable {
        case malformed(String)
        case attributeTooLarge(name: String, bytes: Int)
    }

    var nameStart = 0
    var nameEnd = 0
    /// Reused between tags, so a tag costs no allocation once the array has grown.
    var attributes: [XMLAttributeSpan] = []

    init() { attributes.reserveCapacity(8) }

    /// Parses the tag that starts with `<` at `start` and ends just before `end` (after its `>`).
    ///
    /// - Complexity: O(tag length).
    mutating func parse(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, attributeLimit: Int) -> Failure? {
        attributes.removeAll(keepingCapacity: true)
        var index = start + 1
        nameStart = index
        while index < end && !XMLBytes.endsName(bytes[index]) { index += 1 }
        nameEnd = index
        if nameEnd == nameStart { return .malformed("a tag without a name") }
        while true {
            while index < end && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
            guard index < end else { return .malformed("<\(name(bytes))> is not closed with >") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "/") {
                if index + 1 < end && bytes[index + 1] == UInt8(ascii: ">") { return nil }
                return .malformed("a stray / in <\(name(bytes))>")
            }
            let attributeStart = index
            while index < end && !XMLBytes.endsName(bytes[index]) { index += 1 }
            let attributeEnd = index
            // Only messages need the name as a String; making it for every attribute would
            // cost an allocation per attribute.
            var attributeName: String { Self.text(bytes, attributeStart, attributeEnd) }
            if attributeEnd == attributeStart { return .malformed("an unexpected '\(Character(UnicodeScalar(byte)))' in <\(name(bytes))>") }
            while index < end && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
            guard index < end && bytes[index] == UInt8(ascii: "=") else {
                return .malformed("attribute \(attributeName) of <\(name(bytes))> has no value")
            }
            index += 1
            while index < end && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
            guard index < end && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")) else {
                return .malformed("the value of \(attributeName) in <\(name(bytes))> is not quoted")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            var needsDecoding = false
            while index < end {
                let byte = bytes[index]
                if byte == quote { break }
                if byte == UInt8(ascii: "<") {
                    return .malformed("the value of \(attributeName) in <\(name(bytes))> contains < or misses its closing quote")
                }
                if byte == UInt8(ascii: "&") || byte < 0x20 { needsDecoding = true }
                index += 1
            }
            guard index < end else {
                return .malformed("the value of \(attributeName) in <\(name(bytes))> misses its closing quote")
            }
            if index - valueStart > attributeLimit {
                return .attributeTooLarge(name: attributeName, bytes: index - valueStart)
            }
            attributes.append(
                XMLAttributeSpan(
                    nameStart: attributeStart, nameEnd: attributeEnd,
                    valueStart: valueStart, valueEnd: index, needsDecoding: needsDecoding))
            index += 1
        }
    }

    /// The tag's name as a String, for messages.
    func name(_ bytes: UnsafePointer<UInt8>) -> String { Self.text(bytes, nameStart, nameEnd) }

    /// Whether the tag's name is `literal`.
    func hasName(_ literal: StaticString, in bytes: UnsafePointer<UInt8>) -> Bool {
        Self.equals(bytes, nameStart, nameEnd, literal)
    }

    /// The span of the first attribute called `literal`.
    func attribute(_ literal: StaticString, in bytes: UnsafePointer<UInt8>) -> XMLAttributeSpan? {
        for span in attributes where Self.equals(bytes, span.nameStart, span.nameEnd, literal) { return span }
        return nil
    }

    static func equals(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - start == count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[start + index] != pointer[index] { return false }
        return true
    }

    static func text(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: max(0, end - start)), as: UTF8.self)
    }
}
