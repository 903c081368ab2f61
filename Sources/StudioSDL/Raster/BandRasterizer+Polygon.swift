extension BandRasterizer {
    /// Scans a polygon row by row with exact area coverage (the signed-area accumulation
    /// of font-rs and stb_truetype): every edge deposits, in the cells it crosses, how
    /// much of the row it puts to its right; a running sum along the row is then each
    /// pixel's coverage. The absolute value makes either winding fill and lets a hole
    /// traced the other way cancel.
    ///
    /// Only `columns` (device columns inside `area`) are written; the running sum still
    /// starts at the polygon's leftmost edge, so they get the same coverage as in a whole draw.
    ///
    /// - Complexity: per row, O(edges) to find the crossing edges, plus the cells they touch;
    ///   the columns between those are spans (stores inside an opaque polygon).
    mutating func fillPolygon(
        _ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, _ color: UInt32,
        _ area: PixelRect, columns: Range<Int>, _ rows: Range<Int>
    ) {
        let acc = scratch.coverage
        let width = area.x1 - area.x0
        let limit = Float(width)
        // The written window, in cells from the area's left column.
        let w0 = columns.lowerBound - area.x0, w1 = columns.upperBound - area.x0
        // An edge crosses a row once.
        let touched = scratch.touched.reserve(range.count)
        for y in rows {
            let fy = Float(y), fy1 = fy + 1
            var runs = 0
            for k in range {
                let e = edges[k]
                guard e.y0 < fy1, e.y1 > fy else { continue }
                let ya = max(e.y0, fy), yb = min(e.y1, fy1)
                // Interpolation may stray a rounding error outside the clipped range.
                let xa = min(max(e.x0 + (ya - e.y0) * e.dxdy, 0), limit)
                let xb = min(max(e.x0 + (yb - e.y0) * e.dxdy, 0), limit)
                let (first, last) = Self.deposit(acc, xa, xb, (yb - ya) * e.dir)
                touched[runs] = first << 32 | last
                runs += 1
            }
            guard runs > 0 else { continue }
            let row = pixels + y * stride + area.x0
            var sum: Float = 0
            var x = -1
            Self.forEachRun(touched, runs) { first, last in
                // The cells since the last run carry the coverage it left: one span.
                if x >= 0, x < first { fillCoverage(y, area.x0, x..<min(first, width), w0, w1, color, sum) }
                let weights = scratch.weights
                for c in first...last {
                    sum += acc[c]
                    acc[c] = 0
                    weights[c - first] = UInt8(truncatingIfNeeded: Self.weight(sum))
                }
                // Cells past the last column only carry the row back to zero.
                let a = max(first, w0), b = min(last + 1, width, w1)
                if a < b { putRun(row + a, weights + (a - first), b - a, color) }
                x = last + 1
            }
        }
    }

    /// Fills `cells` (from column `x0` of row `y`) of the written window `w0..<w1` at
    /// coverage `sum`, as one span.
    @inline(__always)
    private mutating func fillCoverage(
        _ y: Int, _ x0: Int, _ cells: Range<Int>, _ w0: Int, _ w1: Int, _ color: UInt32, _ sum: Float
    ) {
        let a = max(cells.lowerBound, w0), b = min(cells.upperBound, w1)
        guard a < b else { return }
        let weight = Self.weight(sum)
        if weight >= 255 {
            span(y, x0 + a, x0 + b, color)
        } else if weight > 0 {
            span(y, x0 + a, x0 + b, PixelMath.scale(color, weight))
        }
    }

    /// A running coverage sum as an 8-bit weight: either winding fills.
    @inline(__always)
    private static func weight(_ sum: Float) -> UInt32 {
        UInt32(min(abs(sum), 1) * 255 + 0.5)
    }

    /// Calls `body` with the runs of cells that the first `runs` of `t` cover between them
    /// (each a first cell << 32 | last cell), merged where they overlap or meet, left to
    /// right. Cells between two runs no edge crossed, so they keep the coverage of the cell
    /// before them: a row of a wide polygon is a few short runs and long spans between them,
    /// found without scanning them.
    @inline(__always)
    private static func forEachRun(_ t: UnsafeMutablePointer<Int>, _ runs: Int, _ body: (Int, Int) -> Void) {
        if runs > 16 {
            var all = UnsafeMutableBufferPointer(start: t, count: runs)
            all.sort()
        } else {
            // A row crosses few edges: insertion sort.
            for i in 1..<runs {
                let run = t[i]
                var j = i
                while j > 0, t[j - 1] > run {
                    t[j] = t[j - 1]
                    j -= 1
                }
                t[j] = run
            }
        }
        var first = t[0] >> 32, last = t[0] & 0xFFFF_FFFF
        for i in 1..<runs {
            if t[i] >> 32 <= last + 1 {
                last = max(last, t[i] & 0xFFFF_FFFF)
            } else {
                body(first, last)
                first = t[i] >> 32
                last = t[i] & 0xFFFF_FFFF
            }
        }
        body(first, last)
    }

    /// Adds the area a segment from (xa, top) to (xb, bottom) of one row puts to its right,
    /// `d` being its signed height; x in cells from the area's left column. Returns the first
    /// and last cell it added to.
    @inline(__always)
    private static func deposit(
        _ acc: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float
    ) -> (Int, Int) {
        let (x0, x1) = xa < xb ? (xa, xb) : (xb, xa)
        let x0floor = x0.rounded(.down), x1ceil = x1.rounded(.up)
        let x0i = Int(x0floor), x1i = Int(x1ceil)
        if x1i <= x0i + 1 {
            // Within one cell: split by where the segment's middle lies.
            let xmf = 0.5 * (xa + xb) - x0floor
            acc[x0i] += d - d * xmf
            acc[x0i + 1] += d * xmf
            return (x0i, x0i + 1)
        }
        let s = 1 / (x1 - x0)
        let x0f = x0 - x0floor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = x1 - x1ceil + 1
        let am = 0.5 * s * x1f * x1f
        acc[x0i] += d * a0
        if x1i == x0i + 2 {
            acc[x0i + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - x0f)
            acc[x0i + 1] += d * (a1 - a0)
            var xi = x0i + 2
            while xi < x1i - 1 {
                acc[xi] += d * s
                xi += 1
            }
            let a2 = a1 + Float(x1i - x0i - 3) * s
            acc[x1i - 1] += d * (1 - a2 - am)
        }
        acc[x1i] += d * am
        return (x0i, x1i)
    }
}
