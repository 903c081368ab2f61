import DanmakuImport
import Foundation
import StudioKit
import Studios

/// Danmaku files through the entry points `studio ... --feed-file` uses: `DanmakuFileReader`
/// record by record, `FeedFile.load`, then the app playing the loaded file headless.
extension FuzzTargets {
    func checkDanmaku(_ bytes: [UInt8], name: String) -> FuzzVerdict {
        let file = work.appendingPathComponent("danmaku/\(name).xml")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch {
            return .finding(.falseSuccess, "cannot write \(file.path): \(error)")
        }
        let read: (records: [DanmakuFileRecord], summary: DanmakuImportSummary)
        switch Self.readDanmaku(file) {
        case .verdict(let verdict): return verdict
        case .next(let value): read = value
        }
        let feed: FeedFile
        switch Self.loadDanmaku(file, records: read.records, summary: read.summary) {
        case .verdict(let verdict): return verdict
        case .next(let value): feed = value
        }
        return playDanmaku(read.records, loaded: feed, name: name, kind: kinds[bytes.count % kinds.count])
    }

    /// The reader: every record, then the summary, which must agree with them.
    private static func readDanmaku(
        _ file: URL
    )
        -> DanmakuStage<(records: [DanmakuFileRecord], summary: DanmakuImportSummary)>
    {
        let reader: DanmakuFileReader
        do {
            reader = try DanmakuFileReader(contentsOf: file)
        } catch {
            // The loader opens the same reader: it must refuse what the reader refuses.
            if let loaded = try? FeedFile.load(file) {
                return .verdict(
                    .finding(.falseSuccess, "the reader refuses the file (\(error)) but FeedFile.load loads \(loaded.count) records"))
            }
            return .verdict(Self.judgeDanmaku(error, file: file))
        }
        var records: [DanmakuFileRecord] = []
        var counts: [DanmakuRecordKind: Int] = [:]
        for record in reader {
            guard record.time.isFinite, record.time >= 0 else {
                return .verdict(.finding(.falseSuccess, "the \(record.kind) record at \(record.position) parsed to time \(record.time)"))
            }
            records.append(record)
            counts[record.kind, default: 0] += 1
        }
        let summary = reader.summary
        if let problem = Self.problem(with: summary, records: records.count, counts: counts, limits: reader.limits, file: file) {
            return .verdict(.finding(.falseSuccess, problem))
        }
        // What was skipped is printed as it is (`reportFeedFile`): each issue is a message too.
        for issue in summary.firstIssues {
            if case .finding(let finding, let detail) = Self.judge(issue.description, file: file.path) {
                return .verdict(.finding(finding, "a skipped element's issue: \(detail)"))
            }
        }
        return .next((records, summary))
    }

    /// The loader: the same records as notes, sorted by time.
    private static func loadDanmaku(
        _ file: URL, records: [DanmakuFileRecord],
        summary: DanmakuImportSummary
    ) -> DanmakuStage<FeedFile> {
        let feed: FeedFile
        do {
            feed = try FeedFile.load(file)
        } catch {
            guard records.isEmpty else {
                return .verdict(
                    .finding(.falseSuccess, "the reader reads \(records.count) records but FeedFile.load refuses the file: \(error)"))
            }
            return .verdict(Self.judgeDanmaku(error, file: file))
        }
        if let problem = Self.problem(with: feed, records: records.count, summary: summary) {
            return .verdict(.finding(.falseSuccess, problem))
        }
        return .next(feed)
    }

    /// Played as `--feed-file` plays it, squeezed into a few frames, in a room of `kind`;
    /// `feed` is the file as the loader loaded it.
    private func playDanmaku(
        _ records: [DanmakuFileRecord], loaded feed: FeedFile, name: String,
        kind: RoomKind
    ) -> FuzzVerdict {
        // Nothing decodes: the summary says why (checked above), and there is nothing to play.
        if records.isEmpty { return .accepted }
        let played: FeedFile
        do {
            played = try squeezed(records, name: name)
        } catch {
            return .finding(
                .falseSuccess,
                "the \(records.count) records, written again by DanmakuXMLWriter with their times squeezed, do not load: \(error)")
        }
        let playable = played.allNotes().count
        guard playable == records.count else {
            return .finding(
                .falseSuccess,
                "the \(records.count) records, written again by DanmakuXMLWriter with their times squeezed, load as \(playable)")
        }
        do {
            try play(kind: kind, assets: workAssets, feedFile: played, frames: feedFrames)
            return .accepted
        } catch {
            return Self.judge(error)
        }
    }

    /// A refusal of a danmaku file: the reader's or the loader's own error (never Foundation's
    /// or a decoder's passed through), with a message `judge` passes that names the file.
    static func judgeDanmaku(_ error: Error, file: URL) -> FuzzVerdict {
        guard error is DanmakuImportError || error is FeedFileError else {
            return .finding(
                .badMessage,
                "refused with \(type(of: error)), not a DanmakuImportError or FeedFileError: \(String(describing: error).prefix(300))")
        }
        return judge(error, file: file.path)
    }

    /// What is wrong with a reader's summary after reading `records` records (`counts` by
    /// kind), or nil when its counts add up.
    static func problem(
        with summary: DanmakuImportSummary, records: Int, counts: [DanmakuRecordKind: Int],
        limits: DanmakuImportLimits, file: URL
    ) -> String? {
        if summary.totalRecords != records { return "the summary counts \(summary.totalRecords) records, the reader gave \(records)" }
        if summary.records != counts { return "the summary counts \(summary.records) by kind, the reader gave \(counts)" }
        if summary.firstIssues.count != min(summary.totalSkipped, limits.keptIssues) {
            return
                "the summary keeps \(summary.firstIssues.count) issues of \(summary.totalSkipped) skipped (it keeps up to \(limits.keptIssues))"
        }
        if summary.file != file.lastPathComponent { return "the summary names \(summary.file), not \(file.lastPathComponent)" }
        return nil
    }

    /// What is wrong with a loaded file, given what the reader read from it, or nil. Every
    /// record is decoded first: until then, the summary cannot know of records that pass the
    /// index's scan and fail to decode.
    static func problem(with feed: FeedFile, records: Int, summary: DanmakuImportSummary) -> String? {
        let notes = feed.allNotes()
        // A file whose records pass the index's scan but none decodes loads, and plays nothing.
        if records == 0 && !notes.isEmpty { return "FeedFile.load plays \(notes.count) notes from a file the reader read no record from" }
        if notes.count != records || feed.summary.totalRecords != notes.count {
            return
                "FeedFile.load has \(notes.count) notes and a summary of \(feed.summary.totalRecords) records; the reader read \(records)"
        }
        if feed.summary != summary { return "two reads of one file disagree: \(summary) / \(feed.summary)" }
        if let i = notes.indices.dropFirst().first(where: { !(notes[$0 - 1].time <= notes[$0].time) }) {
            return "notes \(i - 1) and \(i) are out of time order (\(notes[i - 1].time), \(notes[i].time))"
        }
        return nil
    }

    /// The records written again (`DanmakuXMLWriter`) with their times squeezed into the
    /// frames the play runs, and loaded as `--feed-file` loads a file: so that every record
    /// reaches the widgets in a few frames, as scenarios are squeezed. From the second
    /// frame: notes due before the first room is entered are missed by design.
    func squeezed(_ records: [DanmakuFileRecord], name: String) throws -> FeedFile {
        let file = work.appendingPathComponent("feed/\(name).xml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let ordered = records.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        let start = 1.0 / 60, span = Double(max(1, feedFrames - 2)) / 60
        let duration = ordered.last?.time ?? 0
        let scale = duration > span ? span / duration : 1
        // BililiveRecorder's layout holds every kind of record, priced in yuan as they are.
        let writer = try DanmakuXMLWriter(url: file, format: .bililiveRecorder)
        for record in ordered { try writer.write(record.at(start + record.time * scale)) }
        try writer.finish()
        return try FeedFile.load(file)
    }
}

/// A step of `checkDanmaku`: what it hands on to the next, or the verdict that ends the check.
private enum DanmakuStage<Value> {
    case next(Value)
    case verdict(FuzzVerdict)
}

extension DanmakuFileRecord {
    /// The same record at another time.
    fileprivate func at(_ time: Double) -> DanmakuFileRecord {
        switch self {
        case .danmaku(var r):
            r.time = time
            return .danmaku(r)
        case .gift(var r):
            r.time = time
            return .gift(r)
        case .superChat(var r):
            r.time = time
            return .superChat(r)
        case .membership(var r):
            r.time = time
            return .membership(r)
        }
    }
}
