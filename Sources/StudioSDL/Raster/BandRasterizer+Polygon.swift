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
    /// - Complexity: per row, O(edges) to find the crossing edges plus O(columns between
    ///   the leftmost and rightmost edge); interior pixels of an opaque polygon are stores.
    mutating func fillPolygon(
        _ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, _ color: UInt32,
        _ area: PixelRect, columns: Range<Int>, _ rows: Range<Int>
    ) {
        let acc = scratch.coverage
        let width = area.x1 - area.x0
        let limit = Float(width)
        // The written window, in cells from the area's left column.
        let w0 = columns.lowerBound - area.x0, w1 = columns.upperBound - area.x0
        for y in rows {
            let fy = Float(y), fy1 = fy + 1
            var lo = Int.max, hi = -1
            for k in range {
                let e = edges[k]
                guard e.y0 < fy1, e.y1 > fy else { continue }
                let ya = max(e.y0, fy), yb = min(e.y1, fy1)
                // Interpolation may stray a rounding error outside the clipped range.
                let xa = min(max(e.x0 + (ya - e.y0) * e.dxdy, 0), limit)
                let xb = min(max(e.x0 + (yb - e.y0) * e.dxdy, 0), limit)
                Self.deposit(acc, xa, xb, (yb - ya) * e.dir, &lo, &hi)
            }
            guard lo <= hi else { continue }
            let row = pixels + y * stride + area.x0
            let end = min(hi + 1, width)
            var sum: Float = 0
            var x = lo
            while x < end {
                sum += acc[x]
                acc[x] = 0
                let weight = UInt32(min(abs(sum), 1) * 255 + 0.5)
                if x >= w0, x < w1 { put(row + x, color, weight) }
                x += 1
                // Cells no edge crossed keep that coverage: fill the run as one span (the
                // inside of a big polygon, or the clear gap inside a ring).
                let run = Self.zeroRun(acc, from: x, end: end)
                if run - x >= 4 {
                    let a = max(x, w0), b = min(run, w1)
                    if a < b, weight >= 255 {
                        span(y, area.x0 + a, area.x0 + b, color)
                    } else if a < b, weight > 0 {
                        span(y, area.x0 + a, area.x0 + b, PixelMath.scale(color, weight))
                    }
                    x = run
                }
            }
            // Cells past the last column only carried the row back to zero.
            while x <= hi {
                acc[x] = 0
                x += 1
            }
        }
    }

    /// The first cell at or after `from` (before `end`) that an edge crossed: the end of a
    /// run of cells with the coverage of the cell before it. Eight cells are compared at
    /// once (with the same `== 0` as one at a time, so -0 is zero too): the inside of a wide
    /// polygon is a long run, and comparing it cell by cell cost more than filling it.
    @inline(__always)
    private static func zeroRun(_ acc: UnsafeMutablePointer<Float>, from: Int, end: Int) -> Int {
        var run = from
        while run + 8 <= end, all(UnsafeRawPointer(acc + run).loadUnaligned(as: SIMD8<Float>.self) .== .zero) {
            run += 8
        }
        while run < end, acc[run] == 0 { run += 1 }
        return run
    }

    /// Adds the area a segment from (xa, top) to (xb, bottom) of one row puts to its right,
    /// `d` being its signed height; x in cells from the area's left column.
    @inline(__always)
    private static func deposit(
        _ acc: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float,
        _ lo: inout Int, _ hi: inout Int
    ) {
        let (x0, x1) = xa < xb ? (xa, xb) : (xb, xa)
        let x0floor = x0.rounded(.down), x1ceil = x1.rounded(.up)
        let x0i = Int(x0floor), x1i = Int(x1ceil)
        lo = min(lo, x0i)
        if x1i <= x0i + 1 {
            // Within one cell: split by where the segment's middle lies.
            let xmf = 0.5 * (xa + xb) - x0floor
            acc[x0i] += d - d * xmf
            acc[x0i + 1] += d * xmf
            hi = max(hi, x0i + 1)
            return
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
        hi = max(hi, x1i)
    }
}
