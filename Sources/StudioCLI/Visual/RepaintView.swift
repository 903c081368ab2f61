import StudioInspection
import StudioKit
import StudioSDL

/// The repaint view of the window's inspector: while it is on (F1, with the widgets' bounds,
/// or the DevTools page's toggle), the rasterizer tints the tiles it drew again in each frame, as Flutter's and Chromium's
/// repaint views do, in a color that says how often each is drawn (blue now and then, red
/// every frame: `LayerCompositor.showRepaints`). A still room shows nothing; a scrolling
/// comment leaves a trail of tiles; a picture that moves every frame stays red, not flashing.
final class RepaintView: FrameOverlay {
    let inspector: InspectorOverlay
    let rasterizer: DisplayListRasterizer

    init(inspector: InspectorOverlay, rasterizer: DisplayListRasterizer) {
        self.inspector = inspector
        self.rasterizer = rasterizer
    }

    func decorate(_ canvas: Canvas, driver: StudioDriver) {
        rasterizer.showsRepaints = inspector.showsRepaints
    }
}
