import CommandFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioCLI

@Suite("run --record writes its recording as it goes and tells the truth about it")
struct RecordingFileTests {
    @Test("lines appended during a session are in the file once it is finished")
    func keepsLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [String] = []
        let recording = try RecordingFile(path: path) { warnings.append($0) }
        recording.append("{\"frame\":0}")
        recording.append("{\"frame\":1}")
        try recording.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"frame\":0}\n{\"frame\":1}\n")
        #expect(warnings.isEmpty)
    }

    @Test(
        "a write that fails mid-session warns once naming the path and reason, and finishing then fails",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full does not exist on this system"))
    func stopsOnFailure() throws {
        var warnings: [String] = []
        let recording = try RecordingFile(path: "/dev/full") { warnings.append($0) }
        for frame in 0..<20 { recording.append("{\"frame\":\(frame)}") }
        let reason = String(cString: strerror(ENOSPC))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("cannot write /dev/full: \(reason)") == true, "\(warnings)")
        #expect(warnings.first?.contains("recording stopped") == true)
        let error = try #require(throws: FileOutputError.self) { try recording.finish() }
        #expect(error.description.contains(reason))
        #expect(error.description.contains("--record"))
    }

    @Test("a recording into a missing folder is refused when it is opened, naming the folder and --record")
    func refusesMissingFolder() throws {
        let error = try #require(throws: FileOutputError.self) {
            try RecordingFile(path: "/nonexistent-\(UUID().uuidString)/x.jsonl")
        }
        #expect(error.description.contains("does not exist; create it or choose another --record"))
    }
}

/// A recording into a folder on a tiny file system of its own, filled as a long session
/// fills a disk. Mounting needs root (as CI runs); elsewhere the test says so and is skipped.
@Suite("run --record on a full disk", .serialized)
struct RecordingFullDiskTests {
    @Test(
        "a disk that fills mid-session keeps every whole line recorded before, and finishing fails saying so",
        .enabled(if: TinyDisk.canMount, "mounting a small tmpfs needs root"))
    func keepsWhatWasRecorded() throws {
        let disk = TinyDisk()
        try #require(disk.mounted, "mount -t tmpfs failed")
        let path = disk.path + "/session.jsonl"
        var warnings: [String] = []
        let recording = try RecordingFile(path: path) { warnings.append($0) }
        let line = "{\"frame\":\(String(repeating: "1", count: 90))}"
        for _ in 0..<2_000 { recording.append(line) }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains(String(cString: strerror(ENOSPC))) == true, "\(warnings)")
        let kept = try #require(warnings.first?.firstMatch(of: /the (\d+) lines recorded before are kept/).flatMap { Int($0.1) })
        #expect(kept > 100, "\(warnings)")
        let error = try #require(throws: RecordingCutShort.self) { try recording.finish() }
        #expect(error.description.contains("the \(kept) lines recorded before it are kept in \(path)"), "\(error)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == String(repeating: line + "\n", count: kept), "whole lines only")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["session.jsonl"], "no temporary file left")
    }
}
