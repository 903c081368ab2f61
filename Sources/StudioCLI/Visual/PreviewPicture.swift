import Foundation
import StudioAppCore
import StudioKit
import StudioSDL
import Studios

/// What a preview shows behind the widget.
enum PreviewBackground: String, CaseIterable {
    /// A grey checkerboard: the widget's own pixels, transparency shown as such.
    case neutral
    /// The room the state ran in, as it looks under the widget.
    case room
}

/// A widget preview rendered: the widget's place on screen (its frame and what it draws past
/// it), and that part of the frame at `scale` pixels per studio pixel.
struct PreviewPicture {
    /// The crop, in studio pixels.
    let crop: Rect
    let target: OffscreenTarget

    /// The two greys of the neutral background's checkerboard, and its square's side.
    static let checker = (Color(r: 58, g: 58, b: 64), Color(r: 72, g: 72, b: 80), 8.0)

    init(_ preview: WidgetPreview, background: PreviewBackground, scale: Int, fonts: FontLibrary, assets: URL) throws {
        crop = try OffscreenTarget.widgetCrop(
            frame: preview.frameOnScreen, drawing: try preview.list(), fonts: fonts, assets: assets.path)
        let full = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path, background: .black)
        full.rasterizer.imageCache.warn = { _ in }
        switch background {
        case .room: try full.render(preview.scene.displayList)
        case .neutral: try full.render(Self.overChecker(try preview.list(), area: crop, layer: preview.layer))
        }
        let undecoded = full.rasterizer.imageCache.failures
        guard undecoded.isEmpty else { throw UnusableImagesError(problems: undecoded) }
        target = try full.cropped(to: crop, scale: scale, fonts: fonts)
    }

    /// `list` (one layer) over a checkerboard covering `area`, drawn first in the same layer.
    static func overChecker(_ list: DisplayList, area: Rect, layer: LayerKind) -> DisplayList {
        var out = DisplayList()
        out.beginLayer(layer)
        let (a, b, side) = checker
        var y = (area.minY / side).rounded(.down) * side
        while y < area.maxY {
            var x = (area.minX / side).rounded(.down) * side
            while x < area.maxX {
                let even = Int(clamping: ((x + y) / side).rounded()) % 2 == 0
                out.append(DrawItem(.fill(.rect(Rect(x: x, y: y, width: side, height: side)), even ? a : b)))
                x += side
            }
            y += side
        }
        for item in list.items { out.append(item) }
        out.endLayer()
        return out
    }
}
