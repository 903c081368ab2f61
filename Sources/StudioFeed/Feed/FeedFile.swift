import DanmakuImport
import Foundation
import StudioDomain
import StudioKit

/// A danmaku file or live recording loaded to play into rooms (`--feed-file`): its records
/// in time order, and what reading it found. A live room gets its notes from the feed at
/// their times since the session started, as if the recorded room were live again; the
/// playback room replays them at its bar's position, so seeking seeks them.
///
/// Loading reads the file once into a time index (`DanmakuFileIndex`, 16 bytes a record)
/// and decodes a record only when it comes due: Bilibili's files are not in time order
/// (they list danmaku by id), playing by position needs to find any time at once, and a
/// long recording of a big room runs to millions of lines, which as notes would take
/// gigabytes.
///
/// The feed thread and the loop both read it: the index is immutable and decodes behind its
/// own lock.
public final class FeedFile: Sendable {
    package let timeIndex: DanmakuFileIndex
    public var url: URL { timeIndex.url }
    package var format: DanmakuFileFormat { timeIndex.format }
    /// Records by kind, elements skipped and why, the first issues with file, line and
    /// column. Records found bad as they are decoded join the skipped.
    package var summary: DanmakuImportSummary { timeIndex.summary }

    init(index: DanmakuFileIndex) {
        self.timeIndex = index
    }

    /// Reads `url` (its format detected, or `format`) into a time index.
    ///
    /// - Throws: `DanmakuImportError` naming the file when it is missing, unreadable, empty,
    ///   not such a file or too large to index; `FeedFileError` when it holds no record
    ///   LiveStudio can play (every element was skipped: the error says why, with the first
    ///   places).
    /// - Complexity: O(file size + n log n) for n records, 16 bytes each.
    public static func load(
        _ url: URL, format: DanmakuFileFormat? = nil, limits: DanmakuImportLimits = .standard
    ) throws -> FeedFile {
        let index = try DanmakuFileIndex(contentsOf: url, format: format, limits: limits)
        guard index.count > 0 else { throw FeedFileError(summary: index.summary) }
        return FeedFile(index: index)
    }

    /// How many records the file holds (some may turn out bad when decoded).
    public var count: Int { timeIndex.count }

    /// The time of the last record.
    public var duration: Double { timeIndex.entries.last?.time ?? 0 }

    /// The time of record `position`, without decoding it.
    public func time(at position: Int) -> Double { timeIndex.entries[position].time }

    /// Record `position`'s note, decoded now; nil when it turns out bad.
    public func note(at position: Int) -> TimedNote? {
        timeIndex.record(at: position).map { TimedNote(time: $0.time, note: $0.note) }
    }

    /// The notes of records `range`, in time order, leaving out records that turn out bad.
    public func notes(in range: Range<Int>) -> [TimedNote] {
        range.compactMap(note(at:))
    }

    /// Every record's note, decoded now: for small files and tests. A player asks for the
    /// notes of a span of time instead (`notes(after:upTo:)`).
    package func allNotes() -> [TimedNote] { notes(in: 0..<count) }

    /// 0.10.0's every record, decoded when the file loaded; now decoded when asked.
    @available(*, deprecated, renamed: "allNotes()", message: "decodes every record; notes(after:upTo:) decodes what is due")
    public var notes: [TimedNote] { allNotes() }

    /// The notes in `(from, to]`, in time order.
    /// - Complexity: O(log n + k) for k records in that time.
    public func notes(after from: Double, upTo to: Double) -> [TimedNote] {
        let start = index(after: from)
        return notes(in: start..<max(start, index(after: to)))
    }

    /// The position of the first record later than `time` (binary search).
    public func index(after time: Double) -> Int { timeIndex.position(after: time) }
}

/// A danmaku file with nothing to play: every element was skipped, or there were none.
package struct FeedFileError: Error, CustomStringConvertible {
    package let summary: DanmakuImportSummary

    package var description: String {
        guard summary.totalSkipped > 0 else {
            return "\(summary.file): holds no danmaku, gifts, super chats or memberships (its root element is empty); "
                + "expected <d p=\"time,mode,size,color,…\">text</d> elements inside <i>"
        }
        let places = summary.firstIssues.prefix(3).map(\.description).joined(separator: "; ")
        return "\(summary.file): nothing to play: all \(summary.totalSkipped) elements were skipped (\(places)); "
            + "fix those elements or choose another file"
    }
}
