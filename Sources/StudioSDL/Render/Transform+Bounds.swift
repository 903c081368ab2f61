import StudioKit

extension Transform {
    /// The axis-aligned bounding box of `r` after this transform, without the temporary
    /// arrays `apply(_: Rect)` builds for rotated rects (this runs per item per frame).
    func boundingBox(of r: Rect) -> Rect {
        if isAxisAligned { return apply(r) }
        let p0 = apply(r.origin), p1 = apply(Point(x: r.maxX, y: r.minY))
        let p2 = apply(Point(x: r.maxX, y: r.maxY)), p3 = apply(Point(x: r.minX, y: r.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How much the transform scales lengths on average (the square root of the area
    /// scale), used to pick how finely to tessellate curves.
    var lengthScale: Double { abs(a * d - b * c).squareRoot() }
}
