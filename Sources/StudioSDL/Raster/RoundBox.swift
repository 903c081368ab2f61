/// An axis-aligned box with elliptical corners, in device pixels: the shape of rounded
/// rects, circles and ellipses once their transform keeps axes axis-aligned.
///
/// Coverage is analytic per pixel: the signed distance from the pixel's centre to the
/// outline (exact for circular corners, first-order for elliptical ones) plus one half,
/// clamped to 0...1. Rows are split into spans so that only the few pixels near the
/// outline pay for a square root; the interior is a plain span fill.
struct RoundBox: Hashable {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// Corner radii, at most half the width and half the height.
    var rx: Double, ry: Double

    init(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.rx = min(max(rx, 0), (x1 - x0) / 2)
        self.ry = min(max(ry, 0), (y1 - y0) / 2)
    }

    /// The pixels of row `y` that the box touches (`outer`) and those it covers entirely
    /// (`full`, inside `outer`), both cut to columns `lo..<hi`; nil when the row misses it.
    func spans(row y: Int, lo: Int, hi: Int) -> RowSpans? {
        let py = Double(y) + 0.5
        let top = y0 + ry, bottom = y1 - ry
        let dy = py < top ? top - py : (py > bottom ? py - bottom : 0)
        // Bounds on pixel centres: outside [oa, ob] coverage is 0, inside [fa, fb] it is 1.
        var oa: Double, ob: Double, fa = Double.infinity, fb = -Double.infinity
        if dy > 0 {
            // A corner row: half-widths of the ellipses grown and shrunk by half a pixel.
            let ro = ry + 0.5
            guard dy < ro else { return nil }
            let hwOut = (rx + 0.5) * (1 - (dy / ro) * (dy / ro)).squareRoot()
            oa = x0 + rx - hwOut
            ob = x1 - rx + hwOut
            let ri = ry - 0.5
            if ri > 0, dy < ri, rx > 0.5 {
                let hwIn = (rx - 0.5) * (1 - (dy / ri) * (dy / ri)).squareRoot()
                fa = x0 + rx - hwIn
                fb = x1 - rx + hwIn
            }
        } else {
            let vertical = min(py - y0, y1 - py) + 0.5
            guard vertical > 0 else { return nil }
            oa = x0 - 0.5
            ob = x1 + 0.5
            if vertical >= 1 {
                fa = x0 + 0.5
                fb = x1 - 0.5
            }
        }
        // Pixel i's centre is i + 0.5. The outer span is one pixel generous on each side
        // (those get coverage 0 and are skipped); the full span is exact.
        let outer0 = clamp((oa - 0.5).rounded(.down), lo, hi)
        let outer1 = clamp((ob - 0.5).rounded(.up) + 1, outer0, hi)
        guard outer0 < outer1 else { return nil }
        var full0 = outer1, full1 = outer1
        if fa <= fb {
            full0 = clamp((fa - 0.5).rounded(.up), outer0, outer1)
            full1 = clamp((fb - 0.5).rounded(.down) + 1, full0, outer1)
        }
        return RowSpans(outer0: outer0, outer1: outer1, full0: full0, full1: full1)
    }

    /// Whether row `y` lies between the corners, with its pixel centres half a pixel or more
    /// inside the top and bottom edges. All such rows are alike: `spans` gives each the same
    /// spans (it reads the row only through the same tests), and `coverage` the same value
    /// for each of their edge pixels, which are within half a pixel of a side, so nearer to
    /// it than to the top or bottom.
    @inline(__always)
    func isMiddleRow(_ y: Int) -> Bool {
        let py = Double(y) + 0.5
        return py >= y0 + ry && py <= y1 - ry && min(py - y0, y1 - py) + 0.5 >= 1
    }

    /// The coverage of pixel column `x` in the row whose pixel centres lie at `py`, as a
    /// weight (0...255): what the bands blend an edge pixel by, worked out as it is drawn or
    /// kept (`RoundBoxCoverage`).
    @inline(__always)
    func weight(column x: Int, centreY py: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: PixelMath.weight(coverage(Double(x) + 0.5, py)))
    }

    /// The fraction of the pixel centred at (px, py) inside the box, in 0...1.
    @inline(__always)
    func coverage(_ px: Double, _ py: Double) -> Double {
        // The nearest point of the inner rect whose corners are the corner centres.
        let cx = min(max(px, x0 + rx), x1 - rx), cy = min(max(py, y0 + ry), y1 - ry)
        let dx = abs(px - cx), dy = abs(py - cy)
        let d: Double
        if dx == 0, dy == 0 {
            d = min(min(px - x0, x1 - px), min(py - y0, y1 - py))
        } else if dy == 0 {
            d = rx - dx
        } else if dx == 0 {
            d = ry - dy
        } else if rx == ry {
            d = rx - (dx * dx + dy * dy).squareRoot()
        } else if rx > 0, ry > 0 {
            // The ellipse's implicit function divided by its gradient: a first-order
            // distance, exact on the outline, good to a fraction of a pixel near it.
            let u = dx / rx, v = dy / ry
            let q = (u * u + v * v).squareRoot()
            let g = ((u / rx) * (u / rx) + (v / ry) * (v / ry)).squareRoot()
            d = (1 - q) * q / g
        } else {
            d = -(dx * dx + dy * dy).squareRoot()
        }
        return min(max(d + 0.5, 0), 1)
    }
}

/// Columns of one row: `outer0..<outer1` may be touched, `full0..<full1` (inside it,
/// possibly empty) are fully covered.
struct RowSpans {
    var outer0: Int, outer1: Int, full0: Int, full1: Int
}
