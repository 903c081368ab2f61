import StudioKit

/// One polygon edge, ready for area accumulation: it runs downward from `y0` to `y1`
/// (device rows, `y0 < y1`), `x` is measured from the left column of the op's area, and
/// `dir` is +1 for an edge drawn downward, -1 for one drawn upward, so that crossing a
/// clockwise outline and a counter-clockwise hole cancel.
struct RasterEdge {
    var x0: Float
    var y0: Float
    var y1: Float
    var dxdy: Float
    var dir: Float
}

/// Builds the edges of a polygon clipped to an area.
///
/// Only the part of an edge inside the area's rows can change a pixel in them, so edges
/// are cut to those rows. Horizontally, a pixel only cares whether the outline passes to
/// its left, not how far left: the parts of an edge left of the area are moved onto its
/// left boundary (and likewise on the right), after splitting the edge where it crosses.
/// Coordinates then stay small, so `Float` keeps a fraction of a pixel's precision.
struct EdgeClipper {
    let left: Double, right: Double, top: Double, bottom: Double

    init(_ area: PixelRect) {
        left = Double(area.x0)
        right = Double(area.x1)
        top = Double(area.y0)
        bottom = Double(area.y1)
    }

    /// Appends the closed outline `points[range]` (reversed when `reversed`).
    func addContour(_ points: [Point], _ range: Range<Int>, reversed: Bool, into edges: inout [RasterEdge]) {
        guard range.count >= 2 else { return }
        var previous = points[range.upperBound - 1]
        for i in range {
            let p = points[i]
            if reversed { add(p, previous, into: &edges) } else { add(previous, p, into: &edges) }
            previous = p
        }
    }

    func add(_ p0: Point, _ p1: Point, into edges: inout [RasterEdge]) {
        if p0.y == p1.y { return }  // horizontal edges add no area
        let dir: Float = p0.y < p1.y ? 1 : -1
        var (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
        if b.y <= top || a.y >= bottom { return }
        if a.y < top { a = Point(x: a.x + (b.x - a.x) * (top - a.y) / (b.y - a.y), y: top) }
        if b.y > bottom { b = Point(x: a.x + (b.x - a.x) * (bottom - a.y) / (b.y - a.y), y: bottom) }
        // Split where the edge crosses the area's left or right boundary.
        var t1 = 2.0, t2 = 2.0
        if a.x != b.x {
            let tl = (left - a.x) / (b.x - a.x), tr = (right - a.x) / (b.x - a.x)
            if tl > 0, tl < 1 { t1 = tl }
            if tr > 0, tr < 1 { if t1 == 2 { t1 = tr } else { t2 = tr } }
            if t2 < t1 { swap(&t1, &t2) }
        }
        // Unrolled rather than looping over an array literal: this runs per edge per frame.
        func at(_ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        var start = a
        if t1 < 1 {
            let m = at(t1)
            append(start, m, dir, into: &edges)
            start = m
        }
        if t2 < 1 {
            let m = at(t2)
            append(start, m, dir, into: &edges)
            start = m
        }
        append(start, b, dir, into: &edges)
    }

    private func append(_ a: Point, _ b: Point, _ dir: Float, into edges: inout [RasterEdge]) {
        guard b.y > a.y else { return }
        let xa = min(max(a.x, left), right) - left, xb = min(max(b.x, left), right) - left
        edges.append(
            RasterEdge(
                x0: Float(xa), y0: Float(a.y), y1: Float(b.y),
                dxdy: Float((xb - xa) / (b.y - a.y)), dir: dir))
    }
}
