import Foundation
import Testing

@testable import StudioBench

/// The recording scene's file figure is what `--feed-file` costs: the whole load of a file
/// shaped like a real one, not a parse that keeps nothing.
@Suite("the recording scene's files")
struct RecordingFilesTests {
    @Test("the danmaku file is loaded as --feed-file loads it: every line a note, nothing skipped")
    func loadedAsFeedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try RecordingFiles.loaded(in: folder, seed: 5, lines: 3_000)
        #expect(read.role == "loaded as --feed-file")
        #expect(read.records == 3_000 && read.skipped == 0, "\(read.summary)")
        #expect(read.seconds > 0)
        #expect(read.summary.contains("3,000 records"), "\(read.summary)")
        #expect((read.fileBytes ?? 0) > 3_000 * 40)
        if let peak = read.peakResident { #expect(peak > 0) }
        // The generated file is gone with the figure.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("kept, the file stays where it was asked to, for peers to read the same bytes")
    func keptForPeers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("peers.xml")
        let read = try RecordingFiles.loaded(in: folder, seed: 5, lines: 500, keep: kept)
        #expect(read.file == "peers.xml" && read.records == 500)
        let size = try FileManager.default.attributesOfItem(atPath: kept.path)[.size] as? Int
        #expect(size == read.fileBytes)
    }
}
