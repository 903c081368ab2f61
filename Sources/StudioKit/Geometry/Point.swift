/// A point in logical pixels (the studio is 720x1280 logical pixels, y grows downward).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// Euclidean distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x.compact), \(y.compact))" }
}

extension Double {
    /// A short rendering for dumps and messages: no trailing ".0" on whole numbers
    /// (`2700`, `0.25`, `1e+21`, `inf`).
    package var compact: String {
        if abs(self) < 1e15, let whole = Int(exactly: self) { return String(whole) }
        return String(self)
    }
}
