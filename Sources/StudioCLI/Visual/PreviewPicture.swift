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

/// The frames previews render into, made once and reused: a gallery renders widget after
/// widget, and a new 720x1280 frame for each costs more than drawing into it.
final class PreviewFrames {
    let fonts: FontLibrary
    let assets: URL
    /// Transparent: what a widget covers, for its crop.
    let clear: OffscreenTarget
    /// Opaque: the picture.
    let opaque: OffscreenTarget

    init(fonts: FontLibrary, assets: URL) throws {
        self.fonts = fonts
        self.assets = assets
        clear = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path, background: .clear)
        opaque = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path, background: .black)
        opaque.rasterizer.imageCache.warn = { _ in }
    }
}

/// A widget preview rendered: the widget's place on screen (its frame and what it draws past
/// it), and that part of the frame at `scale` pixels per studio pixel.
struct PreviewPicture {
    /// The crop, in studio pixels.
    let crop: Rect
    let target: OffscreenTarget

    /// The two greys of the neutral background's checkerboard, and its square's side.
    static let checker = (Color(r: 58, g: 58, b: 64), Color(r: 72, g: 72, b: 80), 8.0)

    init(_ preview: WidgetPreview, background: PreviewBackground, scale: Int, frames: PreviewFrames) throws {
        let alone = try preview.list()
        crop = try frames.clear.widgetCrop(frame: preview.frameOnScreen, drawing: alone)
        let full = frames.opaque
        switch background {
        case .room: try full.render(preview.scene.displayList)
        case .neutral: try full.render(Self.overChecker(alone, area: crop, layer: preview.layer))
        }
        let undecoded = full.rasterizer.imageCache.failures
        guard undecoded.isEmpty else { throw UnusableImagesError(problems: undecoded) }
        target = try full.cropped(to: crop, scale: scale, fonts: frames.fonts)
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
