/// What a read produced: records by kind, skipped elements by reason, the first few issues
/// word for word, and what the recording said about itself.
public struct DanmakuImportSummary: Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var format: DanmakuFileFormat
    /// Records read, by kind (kinds with none are left out).
    package var records: [DanmakuRecordKind: Int] {
        var result: [DanmakuRecordKind: Int] = [:]
        for kind in DanmakuRecordKind.allCases where recordCounts[kind.index] > 0 { result[kind] = recordCounts[kind.index] }
        return result
    }
    /// Counted in a fixed array rather than the dictionary: hashing a key per record was a
    /// measurable part of reading a file.
    private var recordCounts = [0, 0, 0, 0]
    package var skipped: [DanmakuSkipReason: Int] = [:]
    /// The first `DanmakuImportLimits.keptIssues` issues, in file order.
    package var firstIssues: [DanmakuImportIssue] = []
    /// Texts cut to `DanmakuImportLimits.textBytes` (kept, not skipped).
    package var textsCut = 0
    /// Mode-7 motion paths drawn up to a bad point, or to their 2,000th.
    package var pathsCut = 0
    package var recordingInfo: DanmakuRecordingInfo?

    package init(file: String, format: DanmakuFileFormat) {
        self.file = file
        self.format = format
    }

    package var totalRecords: Int { recordCounts.reduce(0, +) }
    package var totalSkipped: Int { skipped.values.reduce(0, +) }

    /// One line for the end of a run:
    /// `danmaku.xml (bililiveRecorder): 1,204 records (1,200 danmaku, 3 gifts, 1 super chat); skipped 2 (1 unknown mode, 1 truncated file)`.
    public var description: String {
        var line = "\(file) (\(format.rawValue)): \(Self.grouped(totalRecords)) record\(totalRecords == 1 ? "" : "s")"
        let kinds = DanmakuRecordKind.allCases.compactMap { kind -> String? in
            guard let count = records[kind], count > 0 else { return nil }
            return "\(Self.grouped(count)) \(kind.noun(count: count))"
        }
        if !kinds.isEmpty { line += " (\(kinds.joined(separator: ", ")))" }
        if totalSkipped > 0 {
            let reasons = skipped.keys.sorted().map { "\(Self.grouped(skipped[$0]!)) \($0.phrase)" }
            line += "; skipped \(Self.grouped(totalSkipped)) (\(reasons.joined(separator: ", ")))"
        } else {
            line += "; nothing skipped"
        }
        if textsCut > 0 { line += "; \(Self.grouped(textsCut)) text\(textsCut == 1 ? "" : "s") cut" }
        if pathsCut > 0 { line += "; \(Self.grouped(pathsCut)) motion path\(pathsCut == 1 ? "" : "s") cut at a bad point" }
        return line
    }

    /// 1234567 as "1,234,567", without a locale so that logs compare across machines.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    mutating func count(_ kind: DanmakuRecordKind) {
        recordCounts[kind.index] += 1
    }

    /// Takes back a record counted when it was indexed and found bad when decoded.
    mutating func uncount(_ kind: DanmakuRecordKind) {
        recordCounts[kind.index] -= 1
    }

    /// Counts `issue` and keeps it if it is among the first `limit` in file order. A reader
    /// meets issues in file order; a time index meets some only when it decodes a record,
    /// in time order, so an issue is put in its place and the last beyond the limit dropped.
    mutating func skip(_ issue: DanmakuImportIssue, keeping limit: Int) {
        skipped[issue.reason, default: 0] += 1
        let place = firstIssues.lastIndex { $0.position <= issue.position }.map { $0 + 1 } ?? 0
        guard place < limit else { return }
        firstIssues.insert(issue, at: place)
        if firstIssues.count > limit { firstIssues.removeLast() }
    }
}
