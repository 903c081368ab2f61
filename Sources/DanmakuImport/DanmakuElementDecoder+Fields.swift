/// Reading single attributes and text: the checks every record shares, each failure a
/// `DanmakuElementFailure` whose message names the element, the attribute and the value.
extension DanmakuElementDecoder {
    func requiredTime(_ bytes: UnsafePointer<UInt8>, element: String) throws -> Double {
        guard let span = tag.attribute("ts", in: bytes) else {
            throw DanmakuElementFailure(.missingAttribute, "<\(element)> has no ts attribute (seconds since the recording started)")
        }
        return try Self.time(bytes, (span.valueStart, span.valueEnd), element: element, attribute: "ts")
    }

    mutating func userName(_ bytes: UnsafePointer<UInt8>) throws -> String {
        guard let span = tag.attribute("user", in: bytes) else { return "" }
        return cut(try attributeValue(bytes, span, name: "user"))
    }

    func userID(_ bytes: UnsafePointer<UInt8>) -> UInt64? {
        tag.attribute("uid", in: bytes).flatMap { DanmakuNumberParser.unsigned(bytes, from: $0.valueStart, to: $0.valueEnd) }
    }

    /// A price in yuan, from yuan or (blrec) gold coins, clamped to 0...1,000,000.
    func yuan(_ bytes: UnsafePointer<UInt8>, _ span: XMLAttributeSpan, element: String) throws -> Double {
        let written = try Self.number(bytes, (span.valueStart, span.valueEnd), element: element, attribute: "price")
        let yuan = format == .blrec ? written / 1000 : written
        return min(max(yuan, 0), 1_000_000)
    }

    mutating func attributeValue(_ bytes: UnsafePointer<UInt8>, _ span: XMLAttributeSpan, name: String) throws -> String {
        switch XMLTextDecoder.decode(
            bytes, from: span.valueStart, to: span.valueEnd, plain: !span.needsDecoding,
            attribute: true, scratch: &scratch)
        {
        case .success(let text): return text
        case .failure(let failure): throw Self.failure(failure, "attribute \(name) of <\(tag.name(bytes))>")
        }
    }

    mutating func content(_ bytes: UnsafePointer<UInt8>, _ element: ScannedElement, of name: String) throws -> String {
        guard element.contentEnd > element.contentStart else { return "" }
        switch XMLTextDecoder.decode(
            bytes, from: element.contentStart, to: element.contentEnd, plain: false,
            attribute: false, scratch: &scratch)
        {
        case .success(let text): return text
        case .failure(let failure): throw Self.failure(failure, "the text of <\(name)>")
        }
    }

    mutating func cut(_ text: String) -> String {
        guard text.utf8.count > limits.textBytes else { return text }
        textsCut += 1
        return text.prefix(utf8Bytes: limits.textBytes)
    }

    static func failure(_ failure: XMLTextDecoder.Failure, _ place: String) -> DanmakuElementFailure {
        switch failure {
        case .invalidUTF8:
            DanmakuElementFailure(.invalidUTF8, "\(place) is not valid UTF-8")
        case .badEntity(let entity):
            DanmakuElementFailure(
                .badEntity,
                "\(place) has \(entity), which XML does not define; expected &lt; &gt; &amp; &quot; &apos; or &#…;")
        }
    }

    static func number(_ bytes: UnsafePointer<UInt8>, _ field: (Int, Int), element: String, attribute: String) throws -> Double {
        guard let value = DanmakuNumberParser.double(bytes, from: field.0, to: field.1) else {
            throw DanmakuElementFailure(
                .nonNumericField,
                "<\(element)> \(attribute) \"\(preview(bytes, field.0, field.1))\" is not a number")
        }
        guard value.isFinite else {
            throw DanmakuElementFailure(
                .nonFiniteNumber,
                "<\(element)> \(attribute) \(preview(bytes, field.0, field.1)) is not a finite number")
        }
        return value
    }

    static func time(_ bytes: UnsafePointer<UInt8>, _ field: (Int, Int), element: String, attribute: String) throws -> Double {
        let value = try number(bytes, field, element: element, attribute: attribute)
        guard value >= 0 else {
            throw DanmakuElementFailure(.negativeTime, "<\(element)> \(attribute) \(preview(bytes, field.0, field.1)) is before the start")
        }
        return value
    }

    static func count(
        _ bytes: UnsafePointer<UInt8>, _ span: XMLAttributeSpan, element: String,
        attribute: String, limit: Int
    ) throws -> Int {
        guard let value = DanmakuNumberParser.integer(bytes, from: span.valueStart, to: span.valueEnd) else {
            throw DanmakuElementFailure(
                .nonNumericField,
                "<\(element)> \(attribute) \"\(preview(bytes, span.valueStart, span.valueEnd))\" is not a whole number")
        }
        return Int(min(max(value, 0), Int64(limit)))
    }

    /// At most 40 characters of a field, for messages.
    static func preview(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let text = XMLStartTag.text(bytes, start, end)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
