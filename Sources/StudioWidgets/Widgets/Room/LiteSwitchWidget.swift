import StudioDomain
import StudioKit

/// The lite-mode switch at the top right: tapping it toggles the studio's lite mode (the
/// movable layer slides away, the video stays). Kept in lite mode so the user can come back.
/// It reaches the studio through its context, as every widget does.
package final class LiteSwitchWidget: Widget {
    static let size = Size(width: 92, height: 56)

    package init(level: Double = Levels.liteSwitch) {
        super.init(
            name: "liteSwitch", level: level,
            frame: Rect(x: Size.studio.width - 180, y: 72, width: Self.size.width, height: Self.size.height))
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.origin.x = viewport.width - 180
    }

    private var isLite: Bool { context?.liteMode?.isLiteMode ?? false }

    package override func handleTap(at point: Point) -> Bool {
        guard let liteMode = context?.liteMode else { return false }
        liteMode.toggleLiteMode()
        return true
    }

    /// Two draw items per frame.
    package override func draw(in canvas: Canvas) {
        let lite = isLite
        canvas.fillRoundedRect(bounds, radius: bounds.height / 2, lite ? Palette.brand : Palette.panel)
        canvas.text("Lite", font: .bold(26), color: .white, at: Point(x: bounds.midX, y: 12), alignment: .center)
    }
}

extension LiteSwitchWidget: CatalogWidget {
    package static let catalogName = "liteSwitch"
    package static var defaultLevel: Double { Levels.liteSwitch }

    /// No options.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return LiteSwitchWidget(level: level)
    }
}
