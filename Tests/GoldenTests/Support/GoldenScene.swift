import Foundation
import StudioKit
import StudioSDL
import Studios

/// The scenes goldens show, built as `studio snapshot` builds them (Sources/StudioCLI/Visual:
/// the test target cannot import the executable, so this mirrors `SceneRunner`; `make
/// goldens-identical` compares the two byte for byte).
enum GoldenScene {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets")
    /// Frames every golden runs: 1.5 s of simulated time, enough for lite mode to settle.
    static let frames = 90
    nonisolated(unsafe) static let fonts: FontLibrary = try! FontLibrary()

    /// The app with studio `kind` open, after `frames` frames (manual clock, lockstep feed).
    static func run(kind: String, lite: Bool = false, frames: Int = GoldenScene.frames,
                    recording: [RecordedInput] = [], assets: URL = GoldenScene.assets) throws -> StudioApp {
        var options = StudioApp.Options(assets: assets)
        options.start = RoomDirectory().schemes.first { $0.kind == kind }
        options.lockstep = true
        let clock = ManualClock()
        // Only text is measured per frame; the frame is rasterized once, at the end.
        let base = ScriptedBackend(measurer: TTFTextMeasurer(fonts: fonts))
        let backend: Backend = recording.isEmpty ? base : ReplayBackend(base: base, recording: recording)
        let app = try StudioApp(options: options, backend: backend, clock: clock)
        if lite { app.driver.studio.setLiteMode(true) }
        try app.driver.run(frames: frames, paced: false) { clock.advance(by: app.driver.loop.step) }
        app.driver.shutdown()
        return app
    }

    /// Rasterizes `list` into a 720x1280 PNG (transparent background when `transparent`).
    static func png(_ list: DisplayList, transparent: Bool = false, assets: URL = GoldenScene.assets) throws -> Data {
        let target = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path,
                                         background: transparent ? .clear : .black)
        try target.render(list)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("golden-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try target.writePNG(to: url.path)
        return try Data(contentsOf: url)
    }
}
