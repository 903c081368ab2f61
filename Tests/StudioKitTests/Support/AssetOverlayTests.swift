import Foundation
import StudioKit
import Testing

@Suite("a package's own assets over LiveStudio's")
struct AssetOverlayTests {
    @Test("an image an overlay folder has comes from it; any other from the run's Assets folder")
    func overlayFirst() throws {
        let overlay = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: overlay.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: overlay) }
        let own = "overlay-only-\(UUID().uuidString)"
        try Data([1]).write(to: overlay.appendingPathComponent("images/\(own).png"))
        AssetOverlays.add(overlay)
        AssetOverlays.add(overlay)
        #expect(AssetOverlays.folders.filter { $0 == overlay.standardizedFileURL.path }.count == 1, "added once")
        #expect(ImageRef(own).path(inAssets: "/base") == overlay.appendingPathComponent("images/\(own).png").standardizedFileURL.path)
        #expect(ImageRef("cover-1").path(inAssets: "/base") == "/base/images/cover-1.png")
    }
}
