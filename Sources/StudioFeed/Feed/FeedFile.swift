import DanmakuImport
import Foundation
import StudioDomain
import StudioKit

/// A danmaku file or live recording loaded to play into rooms (`--feed-file`): its records as
/// notes in time order, and what reading it found. A live room gets its notes from the feed
/// at their times since the session started, as if the recorded room were live again; the
/// playback room replays them at its bar's position, so seeking seeks them.
///
/// Loaded whole: Bilibili's files are not in time order (they list danmaku by id), and
/// playing by position needs to find any time at once.
///
/// `@unchecked Sendable`: immutable after `load`; the feed thread and the loop read it.
public final class FeedFile: @unchecked Sendable {
    public let url: URL
    public let format: DanmakuFileFormat
    /// Every record's note at its time (seconds into the video or the recording), in time
    /// order, file order among equal times.
    public let notes: [TimedNote]
    /// Records by kind, elements skipped and why, the first issues with file, line and column.
    public let summary: DanmakuImportSummary

    init(url: URL, format: DanmakuFileFormat, notes: [TimedNote], summary: DanmakuImportSummary) {
        self.url = url
        self.format = format
        self.notes = notes
        self.summary = summary
    }

    /// Reads `url` (its format detected, or `format`).
    ///
    /// - Throws: `DanmakuImportError` naming the file when it is missing, unreadable, empty or
    ///   not such a file; `FeedFileError` when it holds no record LiveStudio can play (every
    ///   element was skipped: the error says why, with the first places).
    /// - Complexity: O(n log n) for n records; elements that are bad are skipped and counted.
    public static func load(_ url: URL, format: DanmakuFileFormat? = nil) throws -> FeedFile {
        var notes: [TimedNote] = []
        let reader = try DanmakuFileReader(contentsOf: url, format: format)
        for record in reader { notes.append(TimedNote(time: record.time, note: record.note)) }
        let summary = reader.summary
        guard !notes.isEmpty else { throw FeedFileError(summary: summary) }
        let ordered = notes.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return FeedFile(url: url, format: reader.format, notes: ordered, summary: summary)
    }

    /// The time of the last note.
    public var duration: Double { notes.last?.time ?? 0 }

    /// The notes in `(from, to]`, in time order.
    /// - Complexity: O(log n + k) for k notes returned.
    public func notes(after from: Double, upTo to: Double) -> ArraySlice<TimedNote> {
        let start = index(after: from)
        return notes[start..<max(start, index(after: to))]
    }

    /// The index of the first note later than `time` (binary search).
    public func index(after time: Double) -> Int {
        var lo = 0, hi = notes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if notes[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// A danmaku file with nothing to play: every element was skipped, or there were none.
public struct FeedFileError: Error, CustomStringConvertible {
    public let summary: DanmakuImportSummary

    public var description: String {
        guard summary.totalSkipped > 0 else {
            return "\(summary.file): holds no danmaku, gifts, super chats or memberships (its root element is empty); "
                + "expected <d p=\"time,mode,size,color,…\">text</d> elements inside <i>"
        }
        let places = summary.firstIssues.prefix(3).map(\.description).joined(separator: "; ")
        return "\(summary.file): nothing to play: all \(summary.totalSkipped) elements were skipped (\(places)); "
            + "fix those elements or choose another file"
    }
}
