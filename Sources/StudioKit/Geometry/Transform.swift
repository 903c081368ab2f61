import Foundation

/// A 2D affine transform: x' = a*x + c*y + tx, y' = b*x + d*y + ty.
public struct Transform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `radians`, clockwise on screen (y grows downward).
    package static func rotation(_ radians: Double) -> Transform {
        let cs = _cos(radians), sn = _sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    package func then(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty
        )
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// True when the transform keeps rectangles axis-aligned (no rotation or shear).
    package var isAxisAligned: Bool { b == 0 && c == 0 }

    package var isIdentity: Bool { self == .identity }

    /// The inverse, or nil when the transform is singular.
    package var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The axis-aligned bounding box of a transformed rectangle.
    public func apply(_ r: Rect) -> Rect {
        if isAxisAligned {
            let p0 = apply(r.origin), p1 = apply(Point(x: r.maxX, y: r.maxY))
            return Rect(
                x: min(p0.x, p1.x), y: min(p0.y, p1.y),
                width: abs(p1.x - p0.x), height: abs(p1.y - p0.y))
        }
        let corners = [
            r.origin, Point(x: r.maxX, y: r.minY),
            Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY),
        ].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}

// Foundation's sin/cos are fine, but the core keeps its math in one place so that every
// platform computes the same bits for the same inputs (golden images depend on it).
@inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
