import StudioDomain
import StudioKit

/// Where a configuration put a widget: the `x` and `y` options (logical pixels,
/// top-left of the widget's frame). A coordinate left out falls back to the widget's own
/// default place for the viewport, so a studio kind can move a widget clear of the others
/// it shows without any code.
struct FramePlacement: Hashable, Sendable {
    var x: Double?
    var y: Double?

    /// The frame origin: the configured coordinates where given, `default` elsewhere.
    func origin(default p: Point) -> Point { Point(x: x ?? p.x, y: y ?? p.y) }
}

extension WidgetOptions {
    /// Reads the `x` and `y` options (0...4096 each).
    func placement() throws -> FramePlacement {
        // -1 stands for "not given": the range is only checked for values in the file.
        let x = try double("x", default: -1, in: 0...4096)
        let y = try double("y", default: -1, in: 0...4096)
        return FramePlacement(x: x < 0 ? nil : x, y: y < 0 ? nil : y)
    }
}
