import CommandFixtures
import Foundation
import StudioInspection
import Testing

/// `studio` itself with an assets folder whose first cover is a text file: snapshot and
/// audit refuse the room naming the file, dump warns, and a headless run keeps going.
@Suite("studio commands with a bad cover", .serialized)
struct ImageCommandTests {
    /// A copy of the repository's Assets with `images/cover-1.png` replaced by text.
    final class BadAssets {
        let url: URL
        var cover: String { url.appendingPathComponent("images/cover-1.png").path }

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-bad-cover-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: BuiltStudio.repository.appendingPathComponent("Assets"), to: url)
            try Data("Sorry, this picture has moved.\n".utf8).write(to: URL(fileURLWithPath: cover))
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    func studio(_ arguments: [String]) throws -> ProcessResult { try StudioProcess.run(arguments) }

    @Test("snapshot of a room whose cover is not a PNG exits 1 naming the file", .timeLimit(.minutes(2)))
    func snapshotFails() throws {
        let assets = try BadAssets()
        let png = assets.url.appendingPathComponent("shot.png").path
        let r = try studio(["snapshot", "--kind", "audience", "--frames", "5", "--assets", assets.url.path, "--out", png])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("studio: error: image \(assets.cover) is not a PNG (it looks like text)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test("a headless run with a cover that is not a PNG exits 0 and warns once naming the file", .timeLimit(.minutes(2)))
    func runContinues() throws {
        let assets = try BadAssets()
        let r = try studio(["run", "--headless", "--frames", "30", "--assets", assets.url.path])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("studio: warning: ") }
        #expect(warnings.count == 1, "\(r.stderr)")
        #expect(warnings.first?.contains(assets.cover) == true)
    }

    @Test("audit reports a cover that is not a PNG as a badImage finding and exits 1", .timeLimit(.minutes(2)))
    func auditFinding() throws {
        let assets = try BadAssets()
        let r = try studio(["audit", "--kind", "audience", "--frames", "5", "--assets", assets.url.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("- badImage studio: image \(assets.cover) is not a PNG"), "\(r.stdout)")
    }

    @Test("dump still prints the tree and warns about a cover that is not a PNG", .timeLimit(.minutes(2)))
    func dumpWarns() throws {
        let assets = try BadAssets()
        let r = try studio(["dump", "--kind", "audience", "--frames", "5", "--assets", assets.url.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("cover"))
        #expect(r.stderr.contains("studio: warning: image \(assets.cover) is not a PNG"), "\(r.stderr)")
    }

    @Test(
        "a cover cut off half-way (its header sound) fails audit --all and makes dump warn, naming the file",
        .timeLimit(.minutes(5)))
    func truncatedCover() throws {
        let assets = try BadAssets()
        let real = try Data(contentsOf: BuiltStudio.repository.appendingPathComponent("Assets/images/cover-1.png"))
        try real.prefix(real.count / 2).write(to: URL(fileURLWithPath: assets.cover))
        let audit = try studio(["audit", "--all", "--frames", "5", "--assets", assets.url.path])
        #expect(audit.status == 1, "\(audit.stdout)\n\(audit.stderr)")
        #expect(
            audit.stdout.contains("- badImage studio: image \(assets.cover) cannot be decoded: the file is cut short"),
            "\(audit.stdout)")
        let dump = try studio(["dump", "--kind", "audience", "--frames", "5", "--assets", assets.url.path])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(
            dump.stderr.contains("studio: warning: image \(assets.cover) cannot be decoded: the file is cut short"),
            "\(dump.stderr)")
    }
}
