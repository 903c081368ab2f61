import Foundation
import StudioKit
import StudioSDL
import Studios

/// Runs a `SceneSpec` deterministically: a manual clock advanced exactly 1/60 s per frame
/// and the feed in lockstep, as `studio run --headless` does.
final class SceneRunner {
    let app: StudioApp
    let clock = ManualClock()
    var driver: StudioDriver { app.driver }
    /// The images of the room that cannot be drawn, by their PNG headers: its cover and
    /// every image its last frame draws (a window would show placeholders for them).
    private(set) var imageProblems: [ImageFileError] = []

    init(_ spec: SceneSpec, assets: URL, fonts: FontLibrary) throws {
        var options = StudioApp.Options(assets: assets)
        options.start = try spec.scheme()
        options.seed = spec.seed
        options.scenario = try spec.scenario.map { try Scenario.load(path: $0) }
        options.lockstep = true
        // The frames run on display lists only (text measured with the real fonts, so layout
        // matches the window) and the shot is rasterized once at the end: snapshots and
        // goldens stay fast in debug builds.
        let base = ScriptedBackend(measurer: TTFTextMeasurer(fonts: fonts))
        let backend: Backend = spec.replay.isEmpty ? base : ReplayBackend(base: base, recording: spec.replay)
        app = try StudioApp(options: options, backend: backend, clock: clock)
        try apply(spec.mode)
        let driver = app.driver
        try driver.run(frames: spec.frames, paced: false) { clock.advance(by: driver.loop.step) }
        imageProblems = ImageCheck.problems([driver.studio.room.cover] + ImageCheck.refs(in: driver.displayList),
                                            assets: assets.path)
    }

    deinit { app.driver.shutdown() }

    /// Lite: the studio enters lite mode at once and settles during the frames; landscape:
    /// the basic business studio turns to its landscape layout.
    private func apply(_ mode: SceneMode) throws {
        switch mode {
        case .normal: break
        case .lite: driver.studio.setLiteMode(true)
        case .landscape:
            guard let basic = driver.studio as? BasicBusinessStudio else {
                throw SceneError("the \(driver.studio.room.kind) studio has no landscape mode")
            }
            basic.setLandscape(true)
        }
    }
}

/// What to draw of a scene's last frame.
enum SceneView: Equatable {
    case frame
    case layer(LayerKind)
    case exploded
    case bounds
}

/// Rasterizes a scene's last display list the way a view asks, into a 720x1280 target.
struct SceneRenderer {
    let fonts: FontLibrary
    let assets: URL

    /// The display list for `view`.
    func list(for view: SceneView, of runner: SceneRunner) -> DisplayList {
        let list = runner.driver.displayList
        let viewport = runner.driver.studio.environment.viewport
        switch view {
        case .frame: return list
        case .layer(let kind): return list.filtered(to: [kind])
        case .exploded: return ExplodedView.compose(list, viewport: viewport)
        case .bounds:
            let canvas = Canvas(measurer: runner.driver.backend.textMeasurer)
            canvas.replaceList(with: list)
            BoundsOverlay.draw(runner.driver.studio, in: canvas)
            return canvas.list
        }
    }

    /// The rendered target (transparent background for a layer alone).
    func render(_ view: SceneView, of runner: SceneRunner) throws -> OffscreenTarget {
        var background = Color.black
        if case .layer = view { background = .clear }
        let target = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path, background: background)
        // The caller reports images that failed (`imageCache.failures`): a snapshot refuses
        // the picture instead of drawing placeholders, so no warning that it draws them.
        target.rasterizer.imageCache.warn = { _ in }
        try target.render(list(for: view, of: runner))
        return target
    }
}
