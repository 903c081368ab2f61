import StudioDomain
import StudioKit

/// The room's background: the host's cover image (`room.cover`) filling the screen, darkened
/// so that the page reads over it while the video connects and around a rotating video.
/// Touches pass through it.
package final class CoverWidget: Widget {
    /// How much black lies over the cover, 0...1.
    package var dimming: Double = 0.3

    package init(level: Double = Levels.cover) {
        super.init(name: "cover", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
    }

    package override func didLoad() {
        if let viewport = context?.environment.viewport { frame = Rect(origin: .zero, size: viewport) }
    }

    /// Two draw items per frame.
    package override func draw(in canvas: Canvas) {
        let cover = context?.room.cover ?? RoomInfo.placeholder.cover
        canvas.image(cover, in: bounds)
        canvas.fillRect(bounds, Color.black.withAlpha(dimming))
    }
}

extension CoverWidget: CatalogWidget {
    package static let catalogName = "cover"
    package static var defaultLevel: Double { Levels.cover }

    /// Options: `dimming` (0...1, default 0.3), how much black lies over the cover.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CoverWidget(level: level)
        widget.dimming = try options.double("dimming", default: 0.3, in: 0...1)
        try options.finish()
        return widget
    }
}
