extension BandRasterizer {
    /// A text mask 1:1 at (mx, my), tinted with `color` (premultiplied): each mask value
    /// is the coverage of `color`; fully covered opaque pixels are stores.
    mutating func drawMask(
        _ mask: MaskSource, _ mx: Int, _ my: Int, _ color: UInt32,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let n = x1 - x0
        for y in rows {
            let source = mask.pixels + (y - my) * mask.width + (x0 - mx)
            let row = pixels + y * stride + x0
            #if DEBUG
            for i in 0..<n {
                let weight = UInt32(source[i])
                if weight != 0 { put(row + i, color, weight) }
            }
            #else
            written += PixelVector.blendMask(row, source, n, color)
            #endif
        }
    }

    /// A text mask through any transform: each pixel's centre is mapped back into the
    /// mask and sampled bilinearly, with zero coverage outside it (so rotated text keeps
    /// soft edges).
    mutating func drawTransformedMask(
        _ mask: MaskSource, _ m: InverseMap, _ color: UInt32,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let w = mask.width, h = mask.height
        if Self.scalesOnly(m, w), !rows.isEmpty {
            return drawScaledMask(mask, m, color, x0, x1, rows)
        }
        @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
            UInt(bitPattern: x) < UInt(w) && UInt(bitPattern: y) < UInt(h) ? UInt32(mask.pixels[y * w + x]) : 0
        }
        Self.forEachTransformedTexel(
            m, w, h, x0, x1, rows, pixels: pixels, stride: stride, columns: scratch.columns
        ) { dst, sx, sy, wx, wy in
            let top = at(sx, sy) * (256 - wx) + at(sx + 1, sy) * wx
            let bottom = at(sx, sy + 1) * (256 - wx) + at(sx + 1, sy + 1) * wx
            let weight = (top * (256 - wy) + bottom * wy + 32768) >> 16
            if weight != 0 { put(dst, color, weight) }
        }
    }

    /// `drawTransformedMask` for a map that scales and moves without turning (a pulsing
    /// badge's text). All of a row's pixels sample the same two source rows, so each source
    /// column is blended between them once, and each pixel then only blends two of those.
    /// The weights are whole numbers summed without rounding, so blending down the rows first
    /// gives the same coverage as across the columns first.
    private mutating func drawScaledMask(
        _ mask: MaskSource, _ m: InverseMap, _ color: UInt32,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let w = mask.width, h = mask.height, columns = scratch.columns
        let ub = Self.scaledColumns(m, w, x0, x1, firstRow: rows.lowerBound, into: columns)
        for y in rows {
            guard let (sampled, sy, wy) = Self.scaledRow(m, ub, y, w, h, x0, x1) else { continue }
            // The source columns the row's pixels start from.
            var lo = Int.max, hi = Int.min
            for x in sampled where columns[x - x0] != .min {
                lo = min(lo, Int(columns[x - x0] >> 8))
                hi = max(hi, Int(columns[x - x0] >> 8))
            }
            guard lo <= hi else { continue }
            let count = hi - lo + 2
            let blended = scratch.samples.reserve(count)
            let top = UInt(bitPattern: sy) < UInt(h) ? mask.pixels + sy * w : nil
            let bottom = UInt(bitPattern: sy + 1) < UInt(h) ? mask.pixels + (sy + 1) * w : nil
            for i in 0..<count {
                let s = lo + i
                let inside = UInt(bitPattern: s) < UInt(w)
                let a = inside ? top.map { UInt32($0[s]) } ?? 0 : 0
                let b = inside ? bottom.map { UInt32($0[s]) } ?? 0 : 0
                blended[i] = a * (256 - wy) + b * wy
            }
            let row = pixels + y * stride
            for x in sampled {
                let fu = columns[x - x0]
                guard fu != .min else { continue }
                let i = Int(fu >> 8) - lo, wx = UInt32(fu & 255)
                let weight = (blended[i] * (256 - wx) + blended[i + 1] * wx + 32768) >> 16
                if weight != 0 { put(row + x, color, weight) }
            }
        }
    }

    /// The walk both transformed draws (images, text masks) share: every destination pixel of
    /// `rows` and `x0..<x1` whose centre maps back through `m` inside the `w`x`h` source gets
    /// `body(address, sx, sy, wx, wy)`: the source texel at its top left and the bilinear
    /// weights (0...256) towards the next column and row.
    ///
    /// A map that scales and moves but does not turn (an image scaled with its widget) gives
    /// every row the same source columns: those are worked out once, into `columns`, and each
    /// row then only looks them up. The values are the same ones the general walk computes.
    @inline(__always)
    static func forEachTransformedTexel(
        _ m: InverseMap, _ w: Int, _ h: Int, _ x0: Int, _ x1: Int,
        _ rows: Range<Int>, pixels: UnsafeMutablePointer<UInt32>, stride: Int,
        columns: UnsafeMutablePointer<Int32>,
        _ body: (UnsafeMutablePointer<UInt32>, Int, Int, UInt32, UInt32) -> Void
    ) {
        if scalesOnly(m, w), !rows.isEmpty {
            let ub = scaledColumns(m, w, x0, x1, firstRow: rows.lowerBound, into: columns)
            for y in rows {
                guard let (sampled, sy, wy) = scaledRow(m, ub, y, w, h, x0, x1) else { continue }
                let row = pixels + y * stride
                for x in sampled {
                    let fu = columns[x - x0]
                    guard fu != .min else { continue }
                    body(row + x, Int(fu >> 8), sy, UInt32(fu & 255), wy)
                }
            }
            return
        }
        for y in rows {
            let ub = m.c * Double(y) + m.tx, vb = m.d * Double(y) + m.ty
            guard let (xa, xb) = sampledColumns(m, ub, vb, w, h, x0, x1) else { continue }
            let row = pixels + y * stride
            for x in xa..<xb {
                guard let (sx, sy, wx, wy) = texel(m.a * Double(x) + ub, m.b * Double(x) + vb, w, h) else { continue }
                body(row + x, sx, sy, wx, wy)
            }
        }
    }

    /// Whether `m` scales and moves a `w` wide source without turning it: every row then
    /// samples the same source columns (u = a*x + c*y + tx is a*x + tx on every row).
    @inline(__always)
    static func scalesOnly(_ m: InverseMap, _ w: Int) -> Bool { m.b == 0 && m.c == 0 && w < 1 << 22 }

    /// For a map that `scalesOnly`: each column of `x0..<x1`'s source position (its texel
    /// << 8 | its weight towards the next, as `texel` gives them) into `columns`, or `.min`
    /// where a bilinear sample reaches no texel. Returns the rows' `ub`.
    @inline(__always)
    static func scaledColumns(
        _ m: InverseMap, _ w: Int, _ x0: Int, _ x1: Int, firstRow: Int, into columns: UnsafeMutablePointer<Int32>
    ) -> Double {
        let ub = m.c * Double(firstRow) + m.tx
        for x in x0..<x1 {
            let u = m.a * Double(x) + ub
            columns[x - x0] = u > -1 && u < Double(w) ? Int32(clamping: Int(clamping: (u * 256).rounded(.down))) : .min
        }
        return ub
    }

    /// For a map that `scalesOnly`, row `y`'s part of the walk: the columns it samples, its
    /// source row and the weight towards the next (`texel`'s), the same on all its pixels
    /// (v = b*x + vb is vb, as b is 0); nil when it samples none. `ub` is `scaledColumns`'.
    @inline(__always)
    static func scaledRow(
        _ m: InverseMap, _ ub: Double, _ y: Int, _ w: Int, _ h: Int, _ x0: Int, _ x1: Int
    ) -> (Range<Int>, Int, UInt32)? {
        let vb = m.d * Double(y) + m.ty
        guard let (xa, xb) = sampledColumns(m, ub, vb, w, h, x0, x1) else { return nil }
        let fv = Int(clamping: (vb * 256).rounded(.down))
        return (xa..<xb, fv >> 8, UInt32(fv & 255))
    }

    /// The columns of `x0..<x1` whose centres map inside the source grown by one texel
    /// (the only ones a bilinear sample can reach), for a row whose map is
    /// `u = m.a*x + ub`, `v = m.b*x + vb`; nil when none.
    @inline(__always)
    static func sampledColumns(
        _ m: InverseMap, _ ub: Double, _ vb: Double, _ w: Int, _ h: Int,
        _ x0: Int, _ x1: Int
    ) -> (Int, Int)? {
        var lo = Double(x0), hi = Double(x1)
        func limit(_ k: Double, _ base: Double, _ size: Int) {
            let below = -1.0, above = Double(size)
            if k == 0 {
                if !(base > below && base < above) {
                    lo = 1
                    hi = 0
                }
                return
            }
            let t0 = (below - base) / k, t1 = (above - base) / k
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
        }
        limit(m.a, ub, w)
        limit(m.b, vb, h)
        guard !lo.isNaN, !hi.isNaN, lo < hi else { return nil }
        let a = clamp(lo.rounded(.down), x0, x1), b = clamp(hi.rounded(.up), a, x1)
        return a < b ? (a, b) : nil
    }

    /// The top-left texel of a bilinear sample at (u, v) and the 8-bit weights towards
    /// the next texel in x and y; nil when all four texels are outside a w x h source.
    @inline(__always)
    static func texel(_ u: Double, _ v: Double, _ w: Int, _ h: Int) -> (Int, Int, UInt32, UInt32)? {
        guard u > -1, v > -1, u < Double(w), v < Double(h) else { return nil }
        let fu = Int(clamping: (u * 256).rounded(.down)), fv = Int(clamping: (v * 256).rounded(.down))
        return (fu >> 8, fv >> 8, UInt32(fu & 255), UInt32(fv & 255))
    }
}
