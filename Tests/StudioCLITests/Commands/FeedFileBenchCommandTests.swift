import CommandFixtures
import Foundation
import Testing

/// `studio bench --scene recording --file-lines N --keep-file PATH`, run as `make bench-files`
/// runs it: the file it loads is sized, kept for the peers, and its load reported with its
/// peak memory; the flags are refused, naming themselves, where they mean nothing.
@Suite("the recording scene's file, sized and kept", .serialized)
struct FeedFileBenchCommandTests {
    @Test("the kept file is the one loaded, and the report gives its size, rate and peak", .timeLimit(.minutes(2)))
    func keptAndReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("video.xml")
        let r = try StudioProcess.run([
            "bench", "--scene", "recording", "--file-lines", "2000", "--keep-file", kept.path,
            "--frames", "5", "--warm-up", "0", "--top", "0", "--json",
        ])
        try #require(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let loaded = try #require(files.first { ($0["role"] as? String)?.hasPrefix("loaded") == true })
        #expect(loaded["records"] as? Int == 2000 && loaded["file"] as? String == "video.xml")
        let size = try FileManager.default.attributesOfItem(atPath: kept.path)[.size] as? Int
        #expect(size != nil && loaded["fileBytes"] as? Int == size)
        #expect((loaded["recordsPerSecond"] as? Double ?? 0) > 0)
        // clear_refs may be closed to a container; then the peak is left out, never made up.
        if let peak = loaded["peakResident"] as? Int { #expect(peak > 10_000_000) }
    }

    @Test("--file-lines and --keep-file outside the recording scene, or into a missing folder, are refused by name")
    func refused() throws {
        let wrongScene = try StudioProcess.run(["bench", "--scene", "room", "--file-lines", "100"])
        #expect(wrongScene.status != 0 && wrongScene.stderr.contains("--file-lines") && wrongScene.stderr.contains("--scene recording"))
        let noFolder = try StudioProcess.run(["bench", "--scene", "recording", "--keep-file", "/nonexistent-folder/x.xml"])
        #expect(noFolder.status != 0 && noFolder.stderr.contains("--keep-file") && noFolder.stderr.contains("/nonexistent-folder"))
        let zero = try StudioProcess.run(["bench", "--scene", "recording", "--file-lines", "0"])
        #expect(zero.status != 0 && zero.stderr.contains("file-lines"))
    }
}
