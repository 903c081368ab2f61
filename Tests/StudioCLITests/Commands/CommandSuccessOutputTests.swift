import CommandFixtures
import Foundation
import Testing

/// A command that writes a file says so: which file, what it holds and where, on success,
/// as `studio record` does. And every command's help tells the same story of where the
/// Assets folder is found.
@Suite("what commands say when they succeed")
struct CommandSuccessOutputTests {
    @Test("snapshot says the file it wrote, the view, the kind, the frames and the size", .timeLimit(.minutes(2)))
    func snapshotSaysWhatItWrote() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("said-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try StudioProcess.run(["snapshot", "--kind", "pk", "--layer", "float", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote \(out): the float layer of pk after 90 frames, 720x1280 PNG"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("bench says each file it wrote, with its flag and size", .timeLimit(.minutes(2)))
    func benchSaysWhatItWrote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("said-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("bench.html").path, report = folder.appendingPathComponent("r.json").path
        let r = try StudioProcess.run(["bench", "--headless", "--frames", "20", "--html", html, "--report", report])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote \(html) (--html, "), "\(r.stdout)")
        #expect(r.stdout.contains("wrote \(report) (--report, "), "\(r.stdout)")
    }

    @Test("every command's --assets help gives the locator's order, not ./Assets first")
    func assetsHelpAgrees() throws {
        for command in ["run", "snapshot", "dump", "audit", "bench", "record", "preview", "gallery"] {
            let r = try StudioProcess.run([command, "--help"])
            let help = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                help.contains("--assets <dir> The Assets folder. Default: $LIVESTUDIO_ASSETS, else the checkout"), "\(command): \(help)")
            #expect(!help.contains("./Assets, or"), "\(command) --help still says ./Assets comes first")
        }
    }
}
