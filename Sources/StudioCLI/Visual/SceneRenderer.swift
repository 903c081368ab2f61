import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

extension StudioScene {
    /// The scene for a command: the command's catalog, text measured with `fonts`.
    convenience init(_ spec: SceneSpec, assets: URL, fonts: FontLibrary) throws {
        try self.init(spec, catalog: CommandCatalog.current, assets: assets, measurer: TTFTextMeasurer(fonts: fonts))
    }

    /// The images of the room that cannot be drawn, by their PNG headers: its cover and
    /// every image its last frame draws (a window would show placeholders for them).
    func imageProblems(assets: URL) -> [ImageFileError] {
        ImageCheck.problems([driver.studio.room.cover] + ImageCheck.refs(in: displayList), assets: assets.path)
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
    func list(for view: SceneView, of runner: StudioScene) -> DisplayList {
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
    func render(_ view: SceneView, of runner: StudioScene) throws -> OffscreenTarget {
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
