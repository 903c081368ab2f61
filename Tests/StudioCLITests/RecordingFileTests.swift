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
