import Foundation
import Testing

@testable import StudioKit

/// Where an executable finds LiveStudio's assets with no `--assets`: its own checkout's, the
/// resource bundle SwiftPM copied beside it, or an installed copy.
@Suite("asset locator")
struct AssetLocatorTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
    let fm = FileManager.default

    /// An Assets folder with what every room needs, or only `only` of it.
    func makeAssets(at folder: URL, only: [String]? = nil) throws {
        for entry in only ?? AssetLocator.required {
            let url = folder.appendingPathComponent(entry)
            if entry.hasSuffix(".json") {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: url)
            } else {
                try fm.createDirectory(at: url, withIntermediateDirectories: true)
            }
        }
    }

    /// An empty file standing for a built executable.
    func makeTool(_ path: String) throws -> URL {
        let tool = root.appendingPathComponent(path)
        try fm.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: tool)
        return tool
    }

    @Test("a dependent package's executable finds the bundle SwiftPM copied beside it")
    func bundleBesideExecutable() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("pkg/.build/x86_64-unknown-linux-gnu/debug/tool")
        let bundle = tool.deletingLastPathComponent().appendingPathComponent("LiveStudio_StudioAssets.resources")
        try makeAssets(at: bundle)
        // Another dependency's Assets, in the checkouts SwiftPM made, is never taken for it.
        try makeAssets(at: root.appendingPathComponent("pkg/.build/checkouts/AnotherKit/Assets"), only: ["images"])
        let found = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        #expect(found.path == bundle.standardizedFileURL.path)
    }

    @Test("a checkout's executable reads the checkout's Assets, not its bundled copy")
    func checkoutFirst() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("checkout/.build/debug/studio")
        let assets = root.appendingPathComponent("checkout/Assets")
        try makeAssets(at: assets)
        try Data().write(to: assets.appendingPathComponent("StudioAssets.swift"))
        try makeAssets(at: tool.deletingLastPathComponent().appendingPathComponent("LiveStudio_StudioAssets.resources"))
        let found = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        #expect(found.path == assets.standardizedFileURL.path)
    }

    @Test("a folder named Assets above the executable is not a checkout unless it is the target")
    func notACheckout() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("other/.build/debug/tool")
        try makeAssets(at: root.appendingPathComponent("other/Assets"))
        let error = #expect(throws: AssetLocator.NotFound.self) {
            _ = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        }
        #expect(error.map { "\($0)" }?.contains("no LiveStudio checkout above") == true)
    }

    @Test("an installed studio, linked onto PATH, finds share/livestudio/Assets beside the real binary")
    func installed() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("prefix/bin/studio")
        let assets = root.appendingPathComponent("prefix/share/livestudio/Assets")
        try makeAssets(at: assets)
        let link = root.appendingPathComponent("path/studio")
        try fm.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: link, withDestinationURL: tool)
        let found = try AssetLocator.locate(executable: link.path, environment: [:], say: { _ in })
        #expect(found.resolvingSymlinksInPath().path == assets.resolvingSymlinksInPath().path)
    }

    @Test("a bundle copied in part is an error that names the folder, what it lacks and the fix")
    func incomplete() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("pkg/.build/debug/tool")
        let bundle = tool.deletingLastPathComponent().appendingPathComponent("LiveStudio_StudioAssets.resources")
        try makeAssets(at: bundle, only: ["images", "studios/audience.json"])
        let error = #expect(throws: AssetLocator.Incomplete.self) {
            _ = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains(bundle.standardizedFileURL.path), "names the folder: \(text)")
        #expect(text.contains("scenarios, danmaku, previews.json"), "names what it lacks: \(text)")
        #expect(text.contains("rebuild"), "says the fix: \(text)")
    }

    @Test("with nothing anywhere, the error lists where it looked and the fix")
    func notFound() throws {
        defer { try? fm.removeItem(at: root) }
        let tool = try makeTool("a/b/c/tool")
        let error = #expect(throws: AssetLocator.NotFound.self) {
            _ = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("share/livestudio/Assets"), "lists the install folder: \(text)")
        #expect(text.contains("pass --assets DIR, or set LIVESTUDIO_ASSETS"), "says the fix: \(text)")
    }
}
