import StudioDomain
import StudioKit

/// The × at the top right corner: tapping it asks the studio's owner to close the room
/// (`requestClose()`, which announces `.closeRequested`).
package final class CloseButtonWidget: Widget {
    /// The button leaves the room.
    package override class var requiredServices: [RoomServiceKey] { [RoomServiceKey((any RoomExitService).self)] }

    static let side = 56.0

    package init(level: Double = Levels.closeButton) {
        super.init(
            name: "closeButton", level: level,
            frame: Rect(x: Size.studio.width - 20 - Self.side, y: 72, width: Self.side, height: Self.side))
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.origin.x = viewport.width - 20 - Self.side
    }

    package override func handleTap(at point: Point) -> Bool {
        guard let exit = context?.roomExit else { return false }
        exit.requestClose()
        return true
    }

    /// Three draw items per frame.
    package override func draw(in canvas: Canvas) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        canvas.fillCircle(center: c, radius: Self.side / 2, Palette.panel)
        Icons.cross(canvas, center: c, size: 22, .white)
    }
}

extension CloseButtonWidget: CatalogWidget {
    package static let catalogName = "closeButton"
    package static var defaultLevel: Double { Levels.closeButton }

    /// No options.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return CloseButtonWidget(level: level)
    }
}
