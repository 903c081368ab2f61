extension PixelMath {
    /// `scale(_:_:)` on two pixels packed in a `UInt64`, with the same result bit for bit:
    /// the same 16-bit lanes, four per word instead of two.
    @inline(__always)
    static func scale(_ p: UInt64, _ a: UInt64) -> UInt64 {
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF, half: UInt64 = 0x0080_0080_0080_0080
        var rb = (p & mask) &* a &+ half
        rb = ((rb &+ ((rb >> 8) & mask)) >> 8) & mask
        var ag = ((p >> 8) & mask) &* a &+ half
        ag = (ag &+ ((ag >> 8) & mask)) & ~mask
        return rb | ag
    }

    /// `n` pixels from `row`: `color` (premultiplied) over each; four at a time in release
    /// builds (`PixelVector`), two at a time in debug ones.
    @inline(__always)
    static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        #if DEBUG
        blendSpanPairs(row, n, color)
        #else
        PixelVector.blendSpan(row, n, color)
        #endif
    }

    /// `blendSpan` two pixels at a time in plain integers, which debug builds run fast.
    @inline(__always)
    static func blendSpanPairs(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        let inverse = 255 &- (color >> 24)
        let a = UInt64(inverse), c = UInt64(color) << 32 | UInt64(color)
        let raw = UnsafeMutableRawPointer(row)
        var i = 0
        while i + 2 <= n {
            let p = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
            raw.storeBytes(of: c &+ scale(p, a), toByteOffset: i * 4, as: UInt64.self)
            i += 2
        }
        if i < n { row[i] = color &+ scale(row[i], inverse) }
    }
}
