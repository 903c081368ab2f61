/// Where the parts of a danmaku file are, found the way a careless reader would find them:
/// no validation, byte offsets only. Mutations aim at these places (a number in `p`, an end
/// tag, a record's text) so that most of a mutated file stays intact and the damage is where
/// the reader has to decide something.
struct DanmakuXMLSpans {
    /// A record element: `<d>`, `<gift>`, `<sc>`, `<guard>` or blrec's `<toast>`.
    struct Element {
        var name: String
        /// From its `<` to after its end tag (or its start tag, when it has no end tag).
        var range: Range<Int>
        /// After the start tag's `>`.
        var tagEnd: Int
        /// The text between the start and end tags; nil for `<x/>` and a missing end tag.
        var content: Range<Int>?
        /// The end tag, when it has one.
        var endTag: Range<Int>?
        var attributes: [Attribute]
    }

    struct Attribute {
        var name: String
        /// The whole `name="value"`.
        var range: Range<Int>
        /// The value, inside the quotes.
        var value: Range<Int>
    }

    static let recordNames = ["d", "gift", "sc", "guard", "toast"]
    /// Attributes that hold numbers: every field of `p`, and the recorders' times, prices,
    /// durations, levels and counts.
    static let numberAttributes: Set<String> = ["p", "ts", "price", "time", "level", "giftcount", "count", "uid"]

    let elements: [Element]

    /// - Complexity: O(bytes); files are a few megabytes at most.
    init(_ bytes: [UInt8]) {
        var found: [Element] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), let element = Self.element(bytes, at: i) else {
                i += 1
                continue
            }
            found.append(element)
            i = element.range.upperBound
        }
        elements = found
    }

    /// The record element whose `<` is at `start`, if one starts there.
    private static func element(_ bytes: [UInt8], at start: Int) -> Element? {
        var nameEnd = start + 1
        while nameEnd < bytes.count, !isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
        guard nameEnd < bytes.count else { return nil }
        let name = String(decoding: bytes[(start + 1)..<nameEnd], as: UTF8.self)
        guard recordNames.contains(name) else { return nil }
        var attributes: [Attribute] = []
        var i = nameEnd
        var quote: UInt8 = 0
        var attributeStart = -1, nameStop = -1, valueStart = -1
        // The start tag: attributes as `name = "value"`, quotes respected, up to `>`.
        while i < bytes.count {
            let b = bytes[i]
            if quote != 0 {
                if b == quote {
                    if attributeStart >= 0 {
                        let attributeName = String(decoding: bytes[attributeStart..<nameStop], as: UTF8.self)
                        attributes.append(Attribute(name: attributeName, range: attributeStart..<(i + 1), value: valueStart..<i))
                    }
                    quote = 0
                    attributeStart = -1
                }
            } else if b == UInt8(ascii: ">") {
                break
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
                valueStart = i + 1
            } else if attributeStart < 0, !isNameEnd(b), b != UInt8(ascii: "=") {
                attributeStart = i
                nameStop = i
                while nameStop < bytes.count, !isNameEnd(bytes[nameStop]), bytes[nameStop] != UInt8(ascii: "=") { nameStop += 1 }
                i = nameStop
                continue
            }
            i += 1
        }
        guard i < bytes.count else { return nil }
        let tagEnd = i + 1
        if bytes[i - 1] == UInt8(ascii: "/") {
            return Element(name: name, range: start..<tagEnd, tagEnd: tagEnd, content: nil, endTag: nil, attributes: attributes)
        }
        let close = Array("</\(name)>".utf8)
        // The end tag, if it comes before the next start of a record.
        var j = tagEnd
        while j + close.count <= bytes.count {
            if bytes[j] == UInt8(ascii: "<"), bytes[j..<(j + close.count)].elementsEqual(close) {
                return Element(
                    name: name, range: start..<(j + close.count), tagEnd: tagEnd, content: tagEnd..<j,
                    endTag: j..<(j + close.count), attributes: attributes)
            }
            if bytes[j] == UInt8(ascii: "<"), j + 1 < bytes.count, bytes[j + 1] != UInt8(ascii: "!"), bytes[j + 1] != UInt8(ascii: "/") {
                break
            }
            j += 1
        }
        return Element(name: name, range: start..<tagEnd, tagEnd: tagEnd, content: nil, endTag: nil, attributes: attributes)
    }

    private static func isNameEnd(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ">") || b == UInt8(ascii: "/")
    }

    /// Every number in the file's records: each comma-separated field of `p`, and the
    /// values of the other number attributes.
    func numbers(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for element in elements {
            for attribute in element.attributes where Self.numberAttributes.contains(attribute.name) {
                guard attribute.name == "p" else {
                    out.append(attribute.value)
                    continue
                }
                out += Self.fields(bytes, attribute.value)
            }
        }
        return out
    }

    /// The comma-separated fields of a `p` value.
    static func fields(_ bytes: [UInt8], _ value: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = value.lowerBound
        for i in value where bytes[i] == UInt8(ascii: ",") {
            out.append(start..<i)
            start = i + 1
        }
        out.append(start..<value.upperBound)
        return out
    }

    /// The `p` attributes of the file's `<d>` elements.
    var pValues: [Range<Int>] {
        elements.compactMap { e in e.name == "d" ? e.attributes.first { $0.name == "p" }?.value : nil }
    }
}
