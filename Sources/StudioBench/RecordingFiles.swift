import DanmakuImport
import Foundation
import StudioProfiler
import Studios

/// The files of the recording scene: a live recording made by the seeded generator (ten
/// minutes with 20,000 danmaku, 2,000 gifts and 100 super chats, as a busy room records),
/// played into the audience room; and a long Bilibili danmaku file loaded as `--feed-file`
/// loads it, to measure that on the scale of a popular video's danmaku.
public enum RecordingFiles {
    /// The recording the scene plays.
    public static let minutes = 10.0
    public static let danmaku = 20_000
    public static let gifts = 2_000
    public static let superChats = 100
    public static let memberships = 40
    /// `<d>` lines of the file loaded.
    public static let parseLines = 500_000

    /// Writes the scene's recording into `folder` and loads it as a feed file, timing the
    /// load.
    /// - Throws: what writing or reading the file throws, naming it.
    public static func playedRecording(in folder: URL, seed: UInt64) throws -> (file: FeedFile, read: BenchReport.FileRead) {
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

    /// Writes a Bilibili danmaku file of `lines` `<d>` lines into `folder` (mixed Latin, CJK
    /// and emoji, every mode, positioned mode-7 scripts among them) and loads it as
    /// `--feed-file` does, timing the whole load: parsing, notes in time order and the sort.
    /// Its resident growth is read while the loaded file is still held.
    public static func loaded(in folder: URL, seed: UInt64, lines: Int = parseLines) throws -> BenchReport.FileRead {
        let url = folder.appendingPathComponent("danmaku-\(lines).xml")
        let minutes = max(1, Double(lines) / 2000)
        let generator = DanmakuRecordingGenerator(
            seed: seed, minutes: minutes, danmaku: lines, gifts: 0,
            superChats: 0, memberships: 0)
        _ = try generator.write(to: url, format: .bilibili)
        defer { try? FileManager.default.removeItem(at: url) }
        let before = ResidentMemory.current().residentBytes
        let start = Date()
        let file = try FeedFile.load(url)
        let seconds = Date().timeIntervalSince(start)
        let growth = ResidentMemory.current().residentBytes - before
        return withExtendedLifetime(file) {
            BenchReport.FileRead(
                role: "loaded as --feed-file", file: url.lastPathComponent, records: file.notes.count,
                skipped: file.summary.totalSkipped, seconds: seconds, residentGrowth: growth,
                summary: file.summary.description)
        }
    }
}
