import DanmakuImport
import Foundation
import StudioProfiler
import Studios

/// The files of the recording scene: a live recording made by the seeded generator (ten
/// minutes with 20,000 danmaku, 2,000 gifts and 100 super chats, as a busy room records),
/// played into the audience room; and a long Bilibili danmaku file loaded as `--feed-file`
/// loads it, to measure that on the scale of a popular video's danmaku.
package enum RecordingFiles {
    /// The recording the scene plays.
    package static let minutes = 10.0
    package static let danmaku = 20_000
    package static let gifts = 2_000
    package static let superChats = 100
    package static let memberships = 40
    /// `<d>` lines of the file loaded.
    package static let parseLines = 500_000

    /// Writes the scene's recording into `folder` and loads it as a feed file, timing the
    /// load.
    /// - Throws: what writing or reading the file throws, naming it.
    package static func playedRecording(in folder: URL, seed: UInt64) throws -> (file: FeedFile, read: BenchReport.FileRead) {
        let url = folder.appendingPathComponent("recording-\(seed).xml")
        let generator = DanmakuRecordingGenerator(
            seed: seed, minutes: minutes, danmaku: danmaku, gifts: gifts,
            superChats: superChats, memberships: memberships)
        _ = try generator.write(to: url, format: .bililiveRecorder)
        let before = ResidentMemory.current().residentBytes
        let start = Date()
        let file = try FeedFile.load(url)
        let seconds = Date().timeIntervalSince(start)
        let read = BenchReport.FileRead(
            role: "played", file: url.lastPathComponent, records: file.summary.totalRecords,
            skipped: file.summary.totalSkipped, seconds: seconds,
            residentGrowth: ResidentMemory.current().residentBytes - before,
            summary: file.summary.description)
        return (file, read)
    }

    /// Writes a video's Bilibili danmaku file of `lines` `<d>` lines into `folder`, shaped
    /// as real ones are (`DanmakuRecordingGenerator.Shape.videoComments`: mixed CJK, Latin
    /// and emoji, one in eight a mode-7 script, long lines now and then, not in time order),
    /// and loads it as `--feed-file` does, timing the whole load: the scan, the time index
    /// and its sort. Its resident growth is read while the loaded file is still held, and its
    /// peak over the load alone.
    ///
    /// - Parameter keep: where to keep the file, for peers to read the same bytes; without
    ///   it, the file is removed after.
    package static func loaded(
        in folder: URL, seed: UInt64, lines: Int = parseLines, keep: URL? = nil
    ) throws -> BenchReport.FileRead {
        let url = keep ?? folder.appendingPathComponent("danmaku-\(lines).xml")
        var generator = DanmakuRecordingGenerator(
            seed: seed, minutes: max(1, Double(lines) / 2000), danmaku: lines)
        generator.shape = .videoComments
        _ = try generator.write(to: url, format: .bilibili)
        defer { if keep == nil { try? FileManager.default.removeItem(at: url) } }
        let before = ResidentMemory.current().residentBytes
        let peakReset = ResidentMemory.resetPeak()
        let start = Date()
        let file = try FeedFile.load(url)
        let seconds = Date().timeIntervalSince(start)
        let after = ResidentMemory.current()
        return withExtendedLifetime(file) {
            var read = BenchReport.FileRead(
                role: "loaded as --feed-file", file: url.lastPathComponent, records: file.count,
                skipped: file.summary.totalSkipped, seconds: seconds, residentGrowth: after.residentBytes - before,
                summary: file.summary.description)
            read.fileBytes = file.timeIndex.fileBytes
            read.peakResident = peakReset ? after.peakBytes : nil
            return read
        }
    }
}
