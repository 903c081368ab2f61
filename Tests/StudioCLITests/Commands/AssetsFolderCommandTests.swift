import CommandFixtures
import Foundation
import Testing

/// Which Assets folder a command uses: the checkout's unless `--assets` or
/// `LIVESTUDIO_ASSETS` says otherwise; an `Assets` folder in the working directory no longer
/// replaces it silently, and the environment's choice is said, since no flag shows it.
@Suite("the Assets folder a command uses", .serialized)
struct AssetsFolderCommandTests {
    /// A working directory holding an `Assets` copy whose audience room has another title.
    final class Elsewhere {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-assets-\(UUID().uuidString)")
        var assets: URL { url.appendingPathComponent("Assets") }

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try FileManager.default.copyItem(at: BuiltStudio.repository.appendingPathComponent("Assets"), to: assets)
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func dump(_ extra: [String] = [], set: [String: String] = [:], in directory: URL) throws -> ProcessResult {
        try StudioProcess.run(
            ["dump", "--kind", "audience", "--frames", "2"] + extra, unset: ["LIVESTUDIO_ASSETS"], set: set,
            directory: directory)
    }

    @Test("a ./Assets is passed over for the checkout's, and a line says so and how to use it")
    func localAssetsPassedOver() throws {
        let e = try Elsewhere()
        let r = try Self.dump(in: e.url)
        #expect(r.status == 0, "\(r.stderr)")
        let checkout = BuiltStudio.repository.appendingPathComponent("Assets").standardizedFileURL.path
        #expect(
            r.stderr.contains("studio: using LiveStudio's assets \(checkout), not ./Assets; pass --assets ./Assets"),
            "\(r.stderr)")
        let named = try Self.dump(["--assets", "Assets"], in: e.url)
        #expect(named.status == 0 && !named.stderr.contains("using LiveStudio's"), "\(named.stderr)")
    }

    @Test("LIVESTUDIO_ASSETS is used and said; one that is not an Assets folder is an error naming it")
    func environment() throws {
        let e = try Elsewhere()
        let r = try Self.dump(set: ["LIVESTUDIO_ASSETS": e.assets.path], in: FileManager.default.temporaryDirectory)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("studio: assets from LIVESTUDIO_ASSETS: \(e.assets.standardizedFileURL.path)"), "\(r.stderr)")
        let bad = try Self.dump(set: ["LIVESTUDIO_ASSETS": e.url.path], in: FileManager.default.temporaryDirectory)
        #expect(bad.status == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("LIVESTUDIO_ASSETS \(e.url.standardizedFileURL.path): not an Assets folder"), "\(bad.stderr)")
    }
}
