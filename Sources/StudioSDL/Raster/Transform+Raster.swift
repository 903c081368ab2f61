import StudioKit

extension Transform {
    /// The axis-aligned bounding box of `r` after this transform, without the temporary
    /// arrays `apply(_: Rect)` builds for rotated rects (this runs per item per frame).
    func boundingBox(of r: Rect) -> Rect {
        let p0 = apply(r.origin), p1 = apply(Point(x: r.maxX, y: r.minY))
        let p2 = apply(Point(x: r.maxX, y: r.maxY)), p3 = apply(Point(x: r.minX, y: r.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How much the transform scales lengths on average (the square root of the area
    /// scale), used to pick how finely to flatten curves.
    var lengthScale: Double { abs(a * d - b * c).squareRoot() }

    /// When the transform maps axis-aligned rectangles to axis-aligned rectangles (no
    /// rotation but quarter turns, no shear): how much a local horizontal and vertical
    /// length become along the device x and y axes. Quarter turns matter because the
    /// video scene turns to landscape by exactly 90 degrees, where cos(pi/2) is 6e-17,
    /// not 0; anything within a billionth of the scale counts as zero.
    var axisScales: (x: Double, y: Double)? {
        let eps = 1e-9 * max(max(abs(a), abs(b)), max(abs(c), abs(d)))
        if abs(b) <= eps, abs(c) <= eps { return (abs(a), abs(d)) }
        if abs(a) <= eps, abs(d) <= eps { return (abs(c), abs(b)) }
        return nil
    }

    /// The uniform scale when the transform keeps circles circles (rotation, uniform
    /// scale, reflection, translation); nil otherwise.
    var similarityScale: Double? {
        let eps = 1e-9 * max(max(abs(a), abs(b)), max(abs(c), abs(d)))
        let rotation = abs(a - d) <= eps && abs(b + c) <= eps
        let reflection = abs(a + d) <= eps && abs(b - c) <= eps
        return rotation || reflection ? (a * a + b * b).squareRoot() : nil
    }

    /// True when the transform only translates (the 1:1 fast paths for text and images).
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
