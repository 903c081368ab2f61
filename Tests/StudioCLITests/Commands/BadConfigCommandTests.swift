import CommandFixtures
import Foundation
import Testing

/// `studio` itself with an assets folder holding one configuration of an unknown kind: the
/// other kinds still work, and the file is named on standard error.
@Suite("studio commands with a bad configuration file", .serialized)
struct BadConfigCommandTests {
    /// A copy of the repository's Assets plus `studios/lucky.json`, the pk configuration
    /// with the kind `luckyWheel`, which no studio type shows.
    final class BadAssets {
        let url: URL
        var lucky: String { url.appendingPathComponent("studios/lucky.json").path }

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-bad-kind-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: BuiltStudio.repository.appendingPathComponent("Assets"), to: url)
            let pk = try String(contentsOf: url.appendingPathComponent("studios/pk.json"), encoding: .utf8)
            try #require(pk.contains("\"kind\": \"pk\""))
            try pk.replacingOccurrences(of: "\"kind\": \"pk\"", with: "\"kind\": \"luckyWheel\"")
                .write(toFile: lucky, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("snapshot of pk exits 0 and warns once naming the skipped file", .timeLimit(.minutes(2)))
    func snapshotWarns() throws {
        let assets = try BadAssets()
        let png = assets.url.appendingPathComponent("shot.png").path
        let r = try StudioProcess.run(["snapshot", "--kind", "pk", "--frames", "5", "--assets", assets.url.path, "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("studio: warning: \(assets.lucky)") }
        #expect(warnings.count == 1, "\(r.stderr)")
        #expect(warnings.first?.contains("unknown studio kind 'luckyWheel'") == true)
        #expect(warnings.first?.hasSuffix("this file is skipped") == true)
    }

    @Test("audit --all exits 1 naming the skipped file and still audits every kind", .timeLimit(.minutes(5)))
    func auditAllFails() throws {
        let assets = try BadAssets()
        let r = try StudioProcess.run(["audit", "--all", "--frames", "5", "--assets", assets.url.path])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("studio: error: \(assets.lucky)"), "\(r.stderr)")
        let kinds = ["host", "audience", "shopping", "hostsLoop", "pk", "financial", "coStream", "playback", "quiz", "claw"]
        for kind in kinds {
            #expect(r.stdout.contains("\n\(kind): ") || r.stdout.hasPrefix("\(kind): "), "no result for \(kind)")
        }
        #expect(r.stdout.contains("1 configuration file(s) cannot be loaded"), "\(r.stdout)")
    }
}
