/// Colors that change along one axis of the shape they fill: at `location` 0 the shape's
/// top (vertical) or left edge (horizontal), at 1 its bottom or right edge, linear between
/// the stops and flat beyond the first and last.
public struct LinearGradient: Hashable, Sendable {
    public enum Axis: String, Hashable, Sendable, CaseIterable { case vertical, horizontal }

    public struct Stop: Hashable, Sendable {
        /// Where along the axis, 0...1.
        public var location: Double
        public var color: Color

        public init(_ location: Double, _ color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// Sorted by location.
    public private(set) var stops: [Stop]
    package var axis: Axis

    /// Stops in any order (they are sorted); with none the gradient is clear.
    public init(_ stops: [Stop], axis: Axis = .vertical) {
        self.stops = stops.sorted { $0.location < $1.location }
        self.axis = axis
    }

    /// Evenly spaced stops, first to last.
    public init(colors: [Color], axis: Axis = .vertical) {
        let last = Double(max(colors.count - 1, 1))
        self.init(colors.enumerated().map { Stop(Double($0.offset) / last, $0.element) }, axis: axis)
    }

    /// The color at `location` (0...1 along the axis).
    /// - Complexity: O(stops).
    public func color(at location: Double) -> Color {
        guard let first = stops.first, let lastStop = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= lastStop.location { return lastStop.color }
        var i = 1
        while stops[i].location < location { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let span = b.location - a.location
        return span > 0 ? a.color.mixed(with: b.color, (location - a.location) / span) : b.color
    }

    /// Every stop's alpha multiplied by `factor` (a widget's opacity).
    package func withAlpha(_ factor: Double) -> LinearGradient {
        var copy = self
        copy.stops = stops.map { Stop($0.location, $0.color.withAlpha(factor)) }
        return copy
    }

    /// The least opaque stop's alpha (0 with no stops).
    package var minAlpha: UInt8 { stops.map(\.color.a).min() ?? 0 }
}

/// Widths of the four edges of a rectangle: a nine-slice image's corners and borders, in
/// image pixels.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}
