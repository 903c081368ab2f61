import Foundation
import Testing

@testable import StudioKit

/// Where an executable finds LiveStudio's assets with no `--assets`: its own checkout's, or,
/// for a package that depends on LiveStudio by URL, the checkout SwiftPM made of it.
@Suite("asset locator")
struct AssetLocatorTests {
    /// A package `pkg` with its built tool, and LiveStudio checked out under it as a
    /// dependency, beside another dependency that has an `Assets/images` of its own.
    static func dependentPackage() throws -> (tool: String, assets: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
        let fm = FileManager.default
        let tool = root.appendingPathComponent("pkg/.build/x86_64-unknown-linux-gnu/debug/tool")
        try fm.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: tool)
        let other = root.appendingPathComponent("pkg/.build/checkouts/AnotherKit/Assets/images")
        try fm.createDirectory(at: other, withIntermediateDirectories: true)
        let assets = root.appendingPathComponent("pkg/.build/checkouts/livestudio/Assets")
        try fm.createDirectory(at: assets.appendingPathComponent("images"), withIntermediateDirectories: true)
        try fm.createDirectory(at: assets.appendingPathComponent("studios"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: assets.appendingPathComponent("studios/audience.json"))
        return (tool.path, assets.standardizedFileURL, root)
    }

    @Test("a dependent package's executable finds LiveStudio's checkout, not another dependency's Assets")
    func dependencyCheckout() throws {
        let package = try Self.dependentPackage()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let found = try AssetLocator.locate(executable: package.tool, environment: [:], say: { _ in })
        #expect(found.path == package.assets.path)
    }

    @Test("with no checkout anywhere, the error lists where it looked and the fix")
    func notFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
        let tool = root.appendingPathComponent("a/b/c/tool")
        try FileManager.default.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: AssetLocator.NotFound.self) {
            _ = try AssetLocator.locate(executable: tool.path, environment: [:], say: { _ in })
        }
        #expect(error.map { "\($0)" }?.contains("pass --assets DIR, or set LIVESTUDIO_ASSETS") == true)
    }
}
