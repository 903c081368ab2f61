import StudioDomain
import StudioKit

/// The shopping cart of a shopping room, at the right above the bottom bar: an orange round
/// button with a cart and a red badge counting the products on sale. Tapping it announces
/// `.cartTapped` and asks for a toast ("3 products in this live").
public final class CartButtonWidget: Widget, CatalogWidget {
    public static let catalogName = "cartButton"
    public static let defaultLevel = Levels.cartButton

    /// The products on sale, shown in the badge (none at 0).
    public let count: Int
    var placement = FramePlacement()
    private var pressAge: Double?

    static let side = 76.0
    static let orange = Color(hex: 0xFF9F1A)

    public init(level: Double = Levels.cartButton, count: Int = 3) {
        self.count = max(0, count)
        super.init(
            name: "cartButton", level: level,
            frame: Rect(x: Size.studio.width - 20 - Self.side, y: 1082, width: Self.side, height: Self.side))
    }

    /// Options: `count` (products on sale, 0...99, default 3), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CartButtonWidget(level: level, count: try options.int("count", default: 3, in: 0...99))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        // Above the bottom bar (110 px) at the right edge, clear of the comment list.
        frame.origin = placement.origin(
            default: Point(
                x: viewport.width - 20 - Self.side,
                y: viewport.height - 110 - 12 - Self.side))
    }

    /// What the toast says.
    package var toastText: String { count == 1 ? "1 product in this live" : "\(count) products in this live" }

    public override func contains(_ point: Point) -> Bool {
        point.distance(to: Point(x: Self.side / 2, y: Self.side / 2)) <= Self.side / 2 + 4
    }

    public override func handleTap(at point: Point) -> Bool {
        pressAge = 0
        publish(.cartTapped)
        publish(.toastRequested, toastText)
        return true
    }

    public override func update(_ step: FrameStep) {
        guard let age = pressAge else { return }
        pressAge = age + step.dt < 0.15 ? age + step.dt : nil
    }

    /// About ten draw items per frame.
    public override func draw(in canvas: Canvas) {
        let c = Point(x: Self.side / 2, y: Self.side / 2)
        // A pressed button dips to 85% and springs back.
        let scale = pressAge.map { 0.85 + 0.15 * $0 / 0.15 } ?? 1
        canvas.withState(transform: Transform.translation(-c.x, -c.y).then(.scale(scale, scale)).then(.translation(c.x, c.y))) {
            canvas.fillCircle(center: c, radius: Self.side / 2, Self.orange)
            drawCart(canvas, center: Point(x: c.x - 2, y: c.y))
        }
        guard count > 0 else { return }
        let badge = Point(x: Self.side - 12, y: 12)
        canvas.fillCircle(center: badge, radius: 15, .white)
        canvas.fillCircle(center: badge, radius: 13, Palette.live)
        canvas.text("\(count)", font: .bold(18), color: .white, at: Point(x: badge.x, y: badge.y - 11), alignment: .center)
    }

    /// A cart: the handle, the basket (a trapezoid from two slanted sides), two wheels.
    private func drawCart(_ canvas: Canvas, center c: Point) {
        let w = 4.0
        canvas.line(from: Point(x: c.x - 22, y: c.y - 16), to: Point(x: c.x - 14, y: c.y - 16), width: w, .white)
        canvas.line(from: Point(x: c.x - 14, y: c.y - 16), to: Point(x: c.x - 8, y: c.y + 8), width: w, .white)
        canvas.line(from: Point(x: c.x - 8, y: c.y + 8), to: Point(x: c.x + 16, y: c.y + 8), width: w, .white)
        canvas.line(from: Point(x: c.x + 16, y: c.y + 8), to: Point(x: c.x + 21, y: c.y - 10), width: w, .white)
        canvas.line(from: Point(x: c.x + 21, y: c.y - 10), to: Point(x: c.x - 12, y: c.y - 10), width: w, .white)
        canvas.fillCircle(center: Point(x: c.x - 5, y: c.y + 17), radius: 4, .white)
        canvas.fillCircle(center: Point(x: c.x + 13, y: c.y + 17), radius: 4, .white)
    }
}
