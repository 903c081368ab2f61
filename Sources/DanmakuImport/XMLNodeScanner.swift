/// Finds where one XML node ends: a whole element with its children, a start tag, an end
/// tag, a comment, a CDATA section, a processing instruction or a declaration.
///
/// It is resumable: when the bytes run out it says `.needMore` and keeps its place, so the
/// reader can read another chunk and call it again without rescanning, or, for an element
/// too large to keep, drop what has been scanned and go on. It does not decode anything;
/// `XMLStartTag` and `XMLTextDecoder` do that once the extent is known.
///
/// A *record* element (`<d>`, `<gift>`, `<sc>`, `<guard>`) holds only text, so any other
/// tag inside it means its end tag is missing: the scanner stops there and says
/// `.unclosed`, and the reader loses that one element instead of every element up to the
/// next matching end tag.
struct XMLNodeScanner {
    enum Outcome: Equatable {
        case needMore
        /// The node ends just before `end`.
        case complete(end: Int)
        /// A record element without its end tag; the next node starts at `end`.
        case unclosed(end: Int)
    }

    enum Kind: Equatable {
        case element
        case startTagOnly
        case endTag
        case comment
        case cdata
        case processingInstruction
        case declaration
    }

    private enum Phase: UInt8 {
        case tag, tagQuoted, content, comment, cdata, processingInstruction
        case childTag, childTagQuoted, endTag, declaration, declarationSubset
    }

    /// The next byte to look at (absolute, in the window's storage).
    private(set) var position: Int
    private var phase: Phase
    private var quote: UInt8 = 0
    private var previous: UInt8 = 0
    private var depth = 0
    /// For record elements: the element's name, to recognise its end tag.
    private let recordName: [UInt8]?

    /// Where the element's content starts (after its start tag), or -1.
    private(set) var contentStart = -1
    /// Where the element's own end tag starts, or -1.
    private(set) var endTagStart = -1
    private(set) var isSelfClosing = false
    /// A `<` inside a quoted attribute value of a record element: its start tag is broken.
    private(set) var hasBrokenStartTag = false

    /// Starts at the `<` at `start`, which `XMLNodeScanner.classify` said begins a node of `kind`.
    init(kind: Kind, at start: Int, recordName: [UInt8]? = nil) {
        self.recordName = recordName
        switch kind {
        case .element, .startTagOnly:
            phase = .tag
            position = start + 1
        case .endTag:
            phase = .endTag
            position = start + 2
            depth = 1
        case .comment:
            phase = .comment
            position = start + 4
        case .cdata:
            phase = .cdata
            position = start + 9
        case .processingInstruction:
            phase = .processingInstruction
            position = start + 2
        case .declaration:
            phase = .declaration
            position = start + 2
        }
        self.kind = kind
    }

    private let kind: Kind

    /// Keeps positions right after the window moved its bytes `shift` places to the left.
    mutating func shift(by shift: Int) {
        position -= shift
        if contentStart >= 0 { contentStart -= shift }
        if endTagStart >= 0 { endTagStart -= shift }
    }

    /// What kind of node starts at the `<` at `start`, given the bytes up to `end`; nil when
    /// more bytes are needed to tell.
    static func classify(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, atEOF: Bool) -> Kind? {
        func byte(_ offset: Int) -> UInt8? { start + offset < end ? bytes[start + offset] : nil }
        func matches(_ literal: StaticString) -> Bool? {
            let count = literal.utf8CodeUnitCount
            if start + count > end {
                // `<!DOCTYPE` near the end of a file is shorter than `<![CDATA[` but still
                // a declaration; a cut-off `<!-` is not enough to tell.
                return atEOF && start + 2 < end && bytes[start + 2] != UInt8(ascii: "-") && bytes[start + 2] != UInt8(ascii: "[")
                    ? false : nil
            }
            let pointer = literal.utf8Start
            for index in 0..<count where bytes[start + index] != pointer[index] { return false }
            return true
        }
        guard let second = byte(1) else { return nil }
        switch second {
        case UInt8(ascii: "/"): return .endTag
        case UInt8(ascii: "?"): return .processingInstruction
        case UInt8(ascii: "!"):
            guard let comment = matches("<!--") else { return nil }
            if comment { return .comment }
            guard let cdata = matches("<![CDATA[") else { return nil }
            return cdata ? .cdata : .declaration
        default: return .element
        }
    }

    /// Scans on from `position` over the bytes up to `end`.
    ///
    /// - Complexity: O(bytes scanned); each byte is looked at once across calls, except
    ///   the few bytes of a terminator split across chunks.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, end: Int, atEOF: Bool) -> Outcome {
        var index = position
        defer { position = index }
        while true {
            switch phase {
            case .tag, .childTag:
                while index < end {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ">") {
                        let selfClosing = previous == UInt8(ascii: "/")
                        index += 1
                        previous = 0
                        if phase == .childTag {
                            if !selfClosing { depth += 1 }
                            phase = .content
                            break
                        }
                        if selfClosing || kind == .startTagOnly {
                            isSelfClosing = selfClosing
                            return .complete(end: index)
                        }
                        contentStart = index
                        depth = 1
                        phase = .content
                        break
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                        phase = phase == .tag ? .tagQuoted : .childTagQuoted
                        index += 1
                        break
                    } else if byte == UInt8(ascii: "<") && phase == .tag {
                        // `<d p="…"<d …`: the tag never closed.
                        return .unclosed(end: index)
                    }
                    previous = byte
                    index += 1
                }
                if index >= end && (phase == .tag || phase == .childTag) { return .needMore }

            case .tagQuoted, .childTagQuoted:
                let closing = ByteSearch.first(quote, in: bytes, from: index, to: end)
                if phase == .tagQuoted && recordName != nil {
                    let bracket = ByteSearch.first(UInt8(ascii: "<"), in: bytes, from: index, to: closing)
                    if bracket < closing {
                        // A missing closing quote: `<d p="1,1,25,0>text</d>`. Treat the rest
                        // as content so the element still ends at its own end tag.
                        hasBrokenStartTag = true
                        contentStart = bracket
                        depth = 1
                        phase = .content
                        index = bracket
                        continue
                    }
                }
                index = closing
                if index >= end { return .needMore }
                index += 1
                previous = 0
                phase = phase == .tagQuoted ? .tag : .childTag

            case .content:
                index = ByteSearch.first(UInt8(ascii: "<"), in: bytes, from: index, to: end)
                if index >= end { return .needMore }
                guard let kind = Self.classify(bytes, at: index, end: end, atEOF: atEOF) else { return .needMore }
                switch kind {
                case .comment:
                    phase = .comment
                    index += 4
                case .cdata:
                    phase = .cdata
                    index += 9
                case .processingInstruction:
                    phase = .processingInstruction
                    index += 2
                case .declaration:
                    phase = .declaration
                    index += 2
                case .endTag:
                    if let name = recordName {
                        let needed = 2 + name.count + 1
                        // Wait for the whole name even at the end of the file: a file cut
                        // inside `</gu` is one truncation, not an unclosed element plus one.
                        if index + needed > end { return .needMore }
                        if !Self.isEndTag(of: name, in: bytes, at: index, end: end) { return .unclosed(end: index) }
                    }
                    if depth == 1 { endTagStart = index }
                    phase = .endTag
                    index += 2
                case .element, .startTagOnly:
                    if recordName != nil { return .unclosed(end: index) }
                    phase = .childTag
                    previous = 0
                    index += 1
                }

            case .endTag:
                while index < end && bytes[index] != UInt8(ascii: ">") { index += 1 }
                if index >= end { return .needMore }
                index += 1
                depth -= 1
                if depth <= 0 { return .complete(end: index) }
                phase = .content

            case .comment, .cdata, .processingInstruction:
                let (first, rest): (UInt8, [UInt8]) =
                    switch phase {
                    case .comment: (UInt8(ascii: "-"), [UInt8(ascii: "-"), UInt8(ascii: ">")])
                    case .cdata: (UInt8(ascii: "]"), [UInt8(ascii: "]"), UInt8(ascii: ">")])
                    default: (UInt8(ascii: "?"), [UInt8(ascii: ">")])
                    }
                var found = false
                while index < end {
                    if bytes[index] != first {
                        index += 1
                        continue
                    }
                    if index + rest.count >= end {
                        if atEOF { index = end }
                        return .needMore
                    }
                    var matched = true
                    for offset in 0..<rest.count where bytes[index + 1 + offset] != rest[offset] {
                        matched = false
                        break
                    }
                    if matched {
                        index += 1 + rest.count
                        found = true
                        break
                    }
                    index += 1
                }
                if !found { return .needMore }
                if kind == .comment || kind == .cdata || kind == .processingInstruction {
                    return .complete(end: index)
                }
                phase = .content

            case .declaration, .declarationSubset:
                while index < end {
                    let byte = bytes[index]
                    if phase == .declaration {
                        if byte == UInt8(ascii: "[") { phase = .declarationSubset } else if byte == UInt8(ascii: ">") { break }
                    } else if byte == UInt8(ascii: "]") {
                        phase = .declaration
                    }
                    index += 1
                }
                if index >= end { return .needMore }
                index += 1
                if kind == .declaration { return .complete(end: index) }
                phase = .content
            }
        }
    }

    /// Whether `</name` followed by whitespace or `>` starts at `index`.
    static func isEndTag(of name: [UInt8], in bytes: UnsafePointer<UInt8>, at index: Int, end: Int) -> Bool {
        guard index + 2 + name.count < end else { return false }
        for offset in 0..<name.count where bytes[index + 2 + offset] != name[offset] { return false }
        let after = bytes[index + 2 + name.count]
        return after == UInt8(ascii: ">") || XMLBytes.isWhitespace(after)
    }
}

/// Byte classes the scanner and decoders share.
enum XMLBytes {
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether a name ends here: whitespace, `/`, `>` or `=`.
    @inline(__always)
    static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
    }
}
