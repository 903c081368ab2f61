import StudioDomain
import StudioKit

/// A filled shape covering its frame: a rectangle, a rounded rectangle or the circle
/// inscribed in the frame, in one color or a linear gradient.
///
/// Options (with the shared ones, see `PrimitiveWidget`): `shape` (rect, roundedRect or
/// circle, default rect), `radius` (roundedRect only, 0...2000, default 16), and either
/// `color` (default white) or `gradient`: `{ "colors": ["#FE2C55", "#25F4EE"],
/// "locations": [0, 1], "direction": "vertical" }` (two or more colors; locations 0...1,
/// one per color, default evenly spaced; direction vertical or horizontal).
public final class ShapePrimitive: PrimitiveWidget, CatalogWidget {
    public static let catalogName = "shape"
    public static var defaultLevel: Double { Levels.activityIcon }
    public static var takesID: Bool { true }

    public enum Kind: String, CaseIterable, Sendable { case rect, roundedRect, circle }
    public enum Paint: Hashable, Sendable {
        case color(Color)
        case gradient(LinearGradient)
    }

    public let kind: Kind
    public let radius: Double
    package let paint: Paint

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try ShapePrimitive(level: level, options: options)
    }

    init(level: Double, options: WidgetOptions) throws {
        kind = Kind(rawValue: try options.choice("shape", default: "rect", allowed: Kind.allCases.map(\.rawValue)))!
        if kind != .roundedRect, options.has("radius") {
            throw options.error("radius", "goes with \"shape\": \"roundedRect\" only; remove it")
        }
        radius = try options.double("radius", default: 16, in: 0...2000)
        if options.has("color"), options.has("gradient") {
            throw options.error("gradient", "and color both paint the shape; keep one")
        }
        let color = try options.color("color", default: .white)
        paint = try Self.gradient(options).map(Paint.gradient) ?? .color(color)
        try super.init(name: options.id ?? Self.catalogName, level: level, options: options)
    }

    private static func gradient(_ options: WidgetOptions) throws -> LinearGradient? {
        guard let g = try options.object("gradient") else { return nil }
        guard let colors = try g.colors("colors", minCount: 2) else {
            throw g.error("colors", "is required: two or more colors, for example [\"#FE2C55\", \"#25F4EE\"]")
        }
        let axis = LinearGradient.Axis(
            rawValue: try g.choice(
                "direction", default: "vertical",
                allowed: LinearGradient.Axis.allCases.map(\.rawValue)))!
        let locations = try g.doubles("locations", in: 0...1)
        try g.finish()
        guard let locations else { return LinearGradient(colors: colors, axis: axis) }
        guard locations.count == colors.count else {
            throw g.error("locations", "needs one location per color (\(colors.count)), got \(locations.count)")
        }
        guard zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw g.error("locations", "must not decrease (got \(locations))")
        }
        return LinearGradient(zip(locations, colors).map { LinearGradient.Stop($0, $1) }, axis: axis)
    }

    /// The shape in the widget's coordinates.
    public var shape: Shape {
        switch kind {
        case .rect: .rect(bounds)
        case .roundedRect: .roundedRect(bounds, radius: radius)
        case .circle:
            .circle(center: Point(x: bounds.width / 2, y: bounds.height / 2), radius: min(bounds.width, bounds.height) / 2)
        }
    }

    public override func contains(_ point: Point) -> Bool {
        guard kind == .circle else { return super.contains(point) }
        let dx = point.x - bounds.width / 2, dy = point.y - bounds.height / 2, r = min(bounds.width, bounds.height) / 2
        return dx * dx + dy * dy <= r * r
    }

    public override func draw(in canvas: Canvas) {
        switch paint {
        case .color(let color): canvas.fill(shape, color)
        case .gradient(let gradient): canvas.fill(shape, gradient)
        }
    }
}
