import Foundation

/// Why one element became no record: a reason to count and a sentence to show.
struct DanmakuElementFailure: Error, Equatable {
    var reason: DanmakuSkipReason
    var message: String
    init(_ reason: DanmakuSkipReason, _ message: String) {
        self.reason = reason
        self.message = message
    }
}

/// Where a scanned element's parts are in the window.
struct ScannedElement {
    var start: Int
    /// One past the start tag's `>`.
    var tagEnd: Int
    var contentStart: Int
    var contentEnd: Int
}

/// Turns one scanned record element into a record, decoding only the attributes and text the
/// record needs (the `raw` JSON attribute, often the longest, is never decoded).
struct DanmakuElementDecoder {
    let format: DanmakuFileFormat
    let limits: DanmakuImportLimits
    var tag = XMLStartTag()
    var scratch: [UInt8] = []
    var textsCut = 0
    /// Mode-7 motion paths cut at a bad point (see `PositionedMotionParser.path`).
    var pathsCut = 0

    init(format: DanmakuFileFormat, limits: DanmakuImportLimits) {
        self.format = format
        self.limits = limits
        scratch.reserveCapacity(4096)
    }

    typealias Outcome = Result<DanmakuFileRecord, DanmakuElementFailure>

    /// Parses the element's start tag; the caller has already done so when it needed the name.
    mutating func parseTag(_ bytes: UnsafePointer<UInt8>, _ element: ScannedElement) -> DanmakuElementFailure? {
        switch tag.parse(bytes, from: element.start, to: element.tagEnd, attributeLimit: limits.attributeBytes) {
        case nil: return nil
        case .malformed(let message)?: return DanmakuElementFailure(.malformedTag, message)
        case .attributeTooLarge(let name, let size)?:
            return DanmakuElementFailure(
                .attributeTooLarge,
                "attribute \(name) of <\(tag.name(bytes))> is \(size) bytes; the limit is \(limits.attributeBytes)")
        }
    }

    mutating func decode(
        _ kind: DanmakuRecordKind, _ bytes: UnsafePointer<UInt8>, _ element: ScannedElement,
        at position: DanmakuSourcePosition
    ) -> Outcome {
        do {
            switch kind {
            case .danmaku: return .success(.danmaku(try danmaku(bytes, element, position)))
            case .gift: return .success(.gift(try gift(bytes, position)))
            case .superChat: return .success(.superChat(try superChat(bytes, element, position)))
            case .membership: return .success(.membership(try membership(bytes, position)))
            }
        } catch let failure as DanmakuElementFailure {
            return .failure(failure)
        } catch {
            return .failure(DanmakuElementFailure(.malformedTag, "\(error)"))
        }
    }

    // MARK: - <d>

    mutating func danmaku(
        _ bytes: UnsafePointer<UInt8>, _ element: ScannedElement,
        _ position: DanmakuSourcePosition
    ) throws -> DanmakuRecord {
        guard let p = tag.attribute("p", in: bytes) else {
            throw Self.missingParameters
        }
        var record: DanmakuRecord
        if p.needsDecoding {
            var decoded = try attributeValue(bytes, p, name: "p")
            record = try decoded.withUTF8 { buffer in
                try parameters(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, 0, buffer.count, position)
            }
        } else {
            record = try parameters(bytes, p.valueStart, p.valueEnd, position)
        }
        if let user = tag.attribute("user", in: bytes) { record.userName = try attributeValue(bytes, user, name: "user") }
        if let uid = tag.attribute("uid", in: bytes) {
            record.userID = DanmakuNumberParser.unsigned(bytes, from: uid.valueStart, to: uid.valueEnd)
        } else if format == .bililiveRecorder, let hash = record.senderHash {
            // BililiveRecorder writes the sender's decimal id where Bilibili writes a hash.
            record.userID = UInt64(hash)
        }
        var text = try content(bytes, element, of: "d")
        if case .positioned = record.mode {
            switch PositionedMotionParser.parse(text) {
            case .success(let (motion, shown, pathCut)):
                record.mode = .positioned(motion)
                text = shown
                if pathCut { pathsCut += 1 }
            case .failure(let error):
                throw DanmakuElementFailure(.badPositionedMotion, "<d> has mode 7 but \(error.message)")
            }
        }
        record.text = cut(DanmakuLineBreaks.apply(text))
        return record
    }

    /// Reads `time,mode,size,color[,sentAt,pool,senderHash,rowID]`.
    func parameters(
        _ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
        _ position: DanmakuSourcePosition
    ) throws -> DanmakuRecord {
        var fields = FieldCursor(start: start, end: end)
        let leading = try Self.leadingFields(bytes, &fields)
        var record = DanmakuRecord(
            time: leading.time, mode: leading.mode, size: leading.size, color: leading.color, text: "",
            position: position)
        // The optional fields are informative only: a bad one is dropped, not the comment.
        if let sent = fields.next(bytes), let value = DanmakuNumberParser.integer(bytes, from: sent.0, to: sent.1), value > 0 {
            record.sentAt =
                value > 100_000_000_000
                ? Date(timeIntervalSince1970: Double(value) / 1000)
                : Date(timeIntervalSince1970: Double(value))
        }
        if let pool = fields.next(bytes), let value = DanmakuNumberParser.integer(bytes, from: pool.0, to: pool.1) {
            record.pool = Int(clamping: value)
        }
        if let hash = fields.next(bytes), hash.1 > hash.0 {
            record.senderHash = XMLTextDecoder.string(bytes, from: hash.0, to: hash.1)
        }
        if let row = fields.next(bytes) { record.rowID = DanmakuNumberParser.unsigned(bytes, from: row.0, to: row.1) }
        return record
    }

    /// The comma-separated fields of a `p` attribute, one at a time.
    struct FieldCursor {
        var cursor: Int
        let end: Int
        private(set) var count = 0

        init(start: Int, end: Int) {
            cursor = start
            self.end = end
        }

        /// The next field's bounds, or nil past the last.
        mutating func next(_ bytes: UnsafePointer<UInt8>) -> (Int, Int)? {
            guard cursor <= end else { return nil }
            let fieldStart = cursor
            while cursor < end && bytes[cursor] != UInt8(ascii: ",") { cursor += 1 }
            defer { cursor += 1 }
            count += 1
            return (fieldStart, cursor)
        }
    }

    /// The four fields every comment needs: what a time index checks without making a record.
    struct LeadingFields {
        var time: Double
        var mode: DanmakuRecordMode
        var size: DanmakuRecordSize
        var color: UInt32
    }

    /// Reads and checks `time,mode,size,color`, leaving `fields` at the optional ones.
    static func leadingFields(_ bytes: UnsafePointer<UInt8>, _ fields: inout FieldCursor) throws -> LeadingFields {
        let start = fields.cursor
        let timeField = fields.next(bytes), modeField = fields.next(bytes)
        let sizeField = fields.next(bytes), colorField = fields.next(bytes)
        guard let timeField, let modeField, let sizeField, let colorField else {
            throw Self.tooFewFields(bytes, start, fields.end, fieldCount: fields.count)
        }
        let time = try Self.time(bytes, timeField, element: "d", attribute: "time")
        let mode = try Self.mode(bytes, modeField)
        guard let points = DanmakuNumberParser.integer(bytes, from: sizeField.0, to: sizeField.1) else {
            throw DanmakuElementFailure(.nonNumericField, "<d> size \"\(Self.preview(bytes, sizeField.0, sizeField.1))\" is not a number")
        }
        guard let color = DanmakuNumberParser.unsigned(bytes, from: colorField.0, to: colorField.1) else {
            throw DanmakuElementFailure(
                .nonNumericField, "<d> color \"\(Self.preview(bytes, colorField.0, colorField.1))\" is not a decimal 0xRRGGBB")
        }
        return LeadingFields(
            time: time, mode: mode, size: DanmakuRecordSize(nearestTo: Int(clamping: points)),
            color: UInt32(truncatingIfNeeded: color) & 0xFFFFFF)
    }

    /// The time of a record element whose tag is parsed, checking what the record's place in
    /// a time index depends on: for `<d>` its four leading fields, without decoding its text
    /// or its mode-7 script; the rarer gifts, super chats and memberships are decoded whole.
    mutating func indexTime(
        _ kind: DanmakuRecordKind, _ bytes: UnsafePointer<UInt8>, _ element: ScannedElement,
        at position: DanmakuSourcePosition
    ) -> Result<Double, DanmakuElementFailure> {
        guard kind == .danmaku else { return decode(kind, bytes, element, at: position).map(\.time) }
        do {
            guard let p = tag.attribute("p", in: bytes) else {
                throw Self.missingParameters
            }
            guard p.needsDecoding else {
                var fields = FieldCursor(start: p.valueStart, end: p.valueEnd)
                return .success(try Self.leadingFields(bytes, &fields).time)
            }
            var decoded = try attributeValue(bytes, p, name: "p")
            return .success(
                try decoded.withUTF8 { buffer in
                    var fields = FieldCursor(start: 0, end: buffer.count)
                    return try Self.leadingFields(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, &fields).time
                })
        } catch let failure as DanmakuElementFailure {
            return .failure(failure)
        } catch {
            return .failure(DanmakuElementFailure(.malformedTag, "\(error)"))
        }
    }

    static let missingParameters = DanmakuElementFailure(
        .missingAttribute, "<d> has no p attribute; expected p=\"time,mode,size,color,…\"")

    /// The record mode that the mode field `bytes[field.0..<field.1]` gives.
    /// - Throws: `DanmakuElementFailure` when the field is not a number, is mode 8 or 9 (not
    ///   supported) or is no Bilibili mode.
    private static func mode(_ bytes: UnsafePointer<UInt8>, _ field: (Int, Int)) throws -> DanmakuRecordMode {
        guard let modeNumber = DanmakuNumberParser.integer(bytes, from: field.0, to: field.1) else {
            throw DanmakuElementFailure(.nonNumericField, "<d> mode \"\(Self.preview(bytes, field.0, field.1))\" is not a number")
        }
        switch modeNumber {
        case 1, 2, 3: return .scroll
        case 4: return .bottom
        case 5: return .top
        case 6: return .reverse
        case 7: return .positioned(PositionedMotion(start: .init(x: 0, y: 0), end: .init(x: 0, y: 0), coordinates: .pixels))
        case 8: throw DanmakuElementFailure(.unsupportedMode, "<d> mode 8 (code danmaku) is not supported")
        case 9: throw DanmakuElementFailure(.unsupportedMode, "<d> mode 9 (BAS danmaku) is not supported")
        default: throw DanmakuElementFailure(.unknownMode, "<d> mode \(modeNumber) is not a Bilibili mode (1–9)")
        }
    }

    /// The failure for a `p` attribute, `bytes[start..<end]`, that has only `fieldCount` of
    /// the four fields every comment needs.
    private static func tooFewFields(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, fieldCount: Int) -> DanmakuElementFailure {
        DanmakuElementFailure(
            .tooFewFields,
            "<d> has p=\"\(Self.preview(bytes, start, end))\" with \(fieldCount) field\(fieldCount == 1 ? "" : "s"); expected at least time,mode,size,color"
        )
    }
}
