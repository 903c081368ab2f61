/// The name of an element at the root's level, and what the reader does with it.
struct ElementName {
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The record this element becomes, if any.
    var recordKind: DanmakuRecordKind? {
        switch bytes {
        case Self.d: .danmaku
        case Self.gift: .gift
        case Self.sc: .superChat
        case Self.guardName: .membership
        default: nil
        }
    }

    /// Elements that describe the recording: kept whole and read for `DanmakuRecordingInfo`.
    var isRecordingInfo: Bool {
        bytes == Self.recordInfo || bytes == Self.recorder || bytes == Self.metadata
    }

    static let known: [(literal: StaticString, bytes: [UInt8])] = [
        ("d", d), ("gift", gift), ("sc", sc), ("guard", guardName), ("i", root),
        ("BililiveRecorderRecordInfo", recordInfo), ("BililiveRecorder", recorder), ("metadata", metadata),
    ]

    static let root = Array("i".utf8)
    static let d = Array("d".utf8)
    static let gift = Array("gift".utf8)
    static let sc = Array("sc".utf8)
    static let guardName = Array("guard".utf8)
    static let recordInfo = Array("BililiveRecorderRecordInfo".utf8)
    static let recorder = Array("BililiveRecorder".utf8)
    static let metadata = Array("metadata".utf8)
}

extension DanmakuFileReader {
    /// The name of the element whose `<` is at `begin`, reading more if it is cut by the
    /// chunk's end; nil (after finishing) when the file ends inside it.
    func elementName() -> ElementName? {
        while true {
            let storage = window.storage
            let start = window.begin + 1
            var index = start
            while index < window.end && !XMLBytes.endsName(storage[index]) { index += 1 }
            if index < window.end {
                // Known names share one static array each: no allocation per element.
                for known in ElementName.known where XMLStartTag.equals(storage, start, index, known.literal) {
                    return ElementName(bytes: known.bytes)
                }
                // Names longer than any we know are not compared, so 64 bytes is plenty to keep.
                return ElementName(bytes: Array(UnsafeBufferPointer(start: storage + start, count: Swift.min(index - start, 64))))
            }
            if window.isAtEnd {
                finish(truncatedBecause: "the file ends inside a tag; the recording was probably cut off", at: tracker.position)
                return nil
            }
            refill()
        }
    }

    /// The name in the end tag that runs from `begin` to just before `end`.
    func endTagName(to end: Int) -> String {
        let storage = window.storage
        var start = window.begin + 2
        var stop = end - 1
        while start < stop && XMLBytes.isWhitespace(storage[start]) { start += 1 }
        while stop > start && XMLBytes.isWhitespace(storage[stop - 1]) { stop -= 1 }
        return XMLStartTag.text(storage, start, stop)
    }

    /// Reads BililiveRecorder's `<BililiveRecorder version>` and `<BililiveRecorderRecordInfo>`
    /// attributes, or blrec's `<metadata>` children. Damage here costs only the information.
    func readRecordingInfo(_ name: ElementName, _ element: ScannedElement, end: Int) {
        let storage = window.storage
        var tag = XMLStartTag()
        guard tag.parse(storage, from: element.start, to: element.tagEnd, attributeLimit: limits.attributeBytes) == nil else { return }
        var info = summary.recordingInfo ?? DanmakuRecordingInfo()
        var scratch: [UInt8] = []
        func value(_ attribute: StaticString) -> String? {
            guard let span = tag.attribute(attribute, in: storage) else { return nil }
            return try? XMLTextDecoder.decode(
                storage, from: span.valueStart, to: span.valueEnd,
                plain: !span.needsDecoding, attribute: true, scratch: &scratch
            ).get()
        }
        switch name.bytes {
        case ElementName.recorder:
            info.recorder = "BililiveRecorder" + (value("version").map { " " + $0 } ?? "")
        case ElementName.recordInfo:
            info.roomID = value("roomid").flatMap { Int($0) }
            info.streamerName = value("name")
            info.title = value("title")
            info.startTime = value("start_time")
        default:
            for (child, text) in children(of: element) {
                switch child {
                case "user_name": info.streamerName = text
                case "room_id": info.roomID = Int(text)
                case "room_title": info.title = text
                case "record_start_time": info.startTime = text
                case "recorder": info.recorder = text
                default: break
                }
            }
        }
        summary.recordingInfo = info
    }

    /// The `<name>text</name>` children of a small element, decoded.
    private func children(of element: ScannedElement) -> [(String, String)] {
        let storage = window.storage
        var result: [(String, String)] = []
        var scratch: [UInt8] = []
        var index = element.contentStart
        let end = element.contentEnd
        while index < end {
            guard storage[index] == UInt8(ascii: "<"), index + 1 < end, storage[index + 1] != UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let nameStart = index + 1
            var cursor = nameStart
            while cursor < end && !XMLBytes.endsName(storage[cursor]) { cursor += 1 }
            let name = XMLStartTag.text(storage, nameStart, cursor)
            while cursor < end && storage[cursor] != UInt8(ascii: ">") { cursor += 1 }
            let textStart = cursor + 1
            var textEnd = textStart
            while textEnd < end && storage[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
            if textStart <= textEnd, storage[cursor - 1] != UInt8(ascii: "/"),
                let text = try? XMLTextDecoder.decode(
                    storage, from: textStart, to: textEnd, plain: false,
                    attribute: false, scratch: &scratch
                ).get()
            {
                result.append((name, text))
            }
            index = Swift.max(textEnd, index + 1)
        }
        return result
    }
}
