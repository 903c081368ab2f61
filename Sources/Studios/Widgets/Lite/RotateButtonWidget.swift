import StudioKit

/// The rotate-screen button on the right edge: tapping it turns the video to landscape or
/// back (`BasicBusinessStudio.toggleOrientation()`, announced as `.orientationChanged`).
/// Only the video turns; the page stays portrait, as the simulator's window does.
public final class RotateButtonWidget: Widget {
    static let side = 64.0

    public init(level: Double = Levels.rotateButton) {
        super.init(name: "rotateButton", level: level,
                   frame: Rect(x: Size.studio.width - 20 - Self.side, y: 560, width: Self.side, height: Self.side))
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.origin = Point(x: viewport.width - 20 - Self.side, y: viewport.height * 0.4375)
    }

    public override func handleTap(at point: Point) -> Bool {
        guard let studio = context?.studio as? BasicBusinessStudio else { return false }
        studio.toggleOrientation()
        return true
    }

    /// Seven draw items per frame.
    public override func draw(in canvas: Canvas) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        canvas.fillCircle(center: c, radius: Self.side / 2, Palette.panel)
        Icons.rotate(canvas, center: Point(x: c.x, y: c.y + 4), size: 34, .white)
    }
}
