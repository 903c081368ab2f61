import StudioInspection
import StudioKit
import StudioSDL

/// The repaint rainbow of the window's inspector: while F1 shows the widgets' bounds, the
/// rasterizer tints the tiles it drew again in each frame, a new color every frame, as
/// Flutter's and Chromium's repaint views do. A still room shows nothing; a scrolling comment
/// leaves a trail of tiles.
final class RepaintView: FrameOverlay {
    let inspector: InspectorOverlay
    let rasterizer: DisplayListRasterizer

    init(inspector: InspectorOverlay, rasterizer: DisplayListRasterizer) {
        self.inspector = inspector
        self.rasterizer = rasterizer
    }

    func decorate(_ canvas: Canvas, driver: StudioDriver) {
        rasterizer.showsRepaints = inspector.showsBounds
    }
}
