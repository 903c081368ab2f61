import CPixelKernels

/// The blends of `PixelMath` four pixels at a time in `SIMD4<UInt32>` lanes: the same
/// 16-bit SWAR lanes and the same rounding as `scale` and `over`, so the results are the
/// same bit for bit (tests compare them over random pixels).
///
/// Release builds use them; debug builds keep the scalar forms, because unoptimized `SIMD`
/// code goes through generic witnesses and would make every test frame crawl. `make
/// goldens-identical` renders the golden scenes with both builds and compares the bytes.
enum PixelVector {
    typealias Lanes = SIMD4<UInt32>

    typealias Words = SIMD8<UInt16>

    /// `scale` on four pixels, each by its own weight (0...255).
    ///
    /// The 16-bit SWAR lanes of `PixelMath.scale` are done as real 16-bit lanes: a channel
    /// times a weight fits one (255 * 255 + 255), so a 16-bit multiply gives the same bits
    /// as the 32-bit one, and x86-64's baseline has it (`pmullw`) where a 32-bit lane
    /// multiply (`pmulld`, SSE4.1) has to be pieced together from wider ones.
    @inline(__always)
    static func scale(_ p: Lanes, _ a: Lanes) -> Lanes {
        let words = unsafeBitCast(p, to: Words.self)
        // Each pixel's weight in both of its 16-bit halves.
        let weight = unsafeBitCast(a | a &<< 16, to: Words.self)
        let half = Words(repeating: 0x80)
        // Blue and red: the low byte of each half.
        var low = (words & Words(repeating: 0x00FF)) &* weight &+ half
        low = (low &+ (low &>> 8)) &>> 8
        // Green and alpha: the high byte, whose result goes back to the high byte.
        var high = (words &>> 8) &* weight &+ half
        high = (high &+ (high &>> 8)) & Words(repeating: 0xFF00)
        return unsafeBitCast(low | high, to: Lanes.self)
    }

    /// `over` on four pixels.
    @inline(__always)
    static func over(_ s: Lanes, _ d: Lanes) -> Lanes {
        s &+ scale(d, Lanes(repeating: 255) &- (s &>> 24))
    }

    @inline(__always)
    static func load(_ p: UnsafeRawPointer, _ i: Int) -> Lanes {
        p.loadUnaligned(fromByteOffset: i * 4, as: Lanes.self)
    }

    @inline(__always)
    static func store(_ v: Lanes, _ p: UnsafeMutableRawPointer, _ i: Int) {
        p.storeBytes(of: v, toByteOffset: i * 4, as: Lanes.self)
    }

    /// `src` over `dst`, pixel by pixel, `n` of them, through the C kernel (AVX2 or SSE2 as the
    /// CPU has them, the same bits as `PixelMath.over`). Returns how many source pixels were
    /// not transparent.
    @inline(__always)
    @discardableResult
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ n: Int) -> Int {
        n > 0 ? lspk_blend_row(dst, src, n) : 0
    }

    /// `blendSpan` four pixels a time: one color over every pixel.
    @inline(__always)
    static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        let d0 = UnsafeMutableRawPointer(row)
        let c = Lanes(repeating: color), inverse = Lanes(repeating: 255 &- (color >> 24))
        var i = 0
        while i + 4 <= n {
            store(c &+ scale(load(d0, i), inverse), d0, i)
            i += 4
        }
        while i < n {
            row[i] = PixelMath.over(color, row[i])
            i += 1
        }
    }

    /// A coverage mask over a row: `color` at each weight (0...255) blended over `dst`;
    /// quads with no coverage skipped. The same as `put(_:_:_:)` pixel by pixel. Returns how
    /// many weights were not zero.
    @inline(__always)
    static func blendMask(
        _ dst: UnsafeMutablePointer<UInt32>, _ weights: UnsafePointer<UInt8>, _ n: Int,
        _ color: UInt32
    ) -> Int {
        let d0 = UnsafeMutableRawPointer(dst), w0 = UnsafeRawPointer(weights)
        let c = Lanes(repeating: color)
        let opaqueColor = color >> 24 == 255
        var i = 0, written = 0
        while i + 4 <= n {
            let packed = w0.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            if packed != 0 {
                // High bit of each zero byte set (the classic has-zero-byte trick, exact form).
                let zeros = ~(((packed & 0x7F7F_7F7F) &+ 0x7F7F_7F7F) | packed | 0x7F7F_7F7F)
                written += 4 - zeros.nonzeroBitCount
                if opaqueColor, packed == 0xFFFF_FFFF {
                    store(c, d0, i)
                } else {
                    let w = Lanes(packed & 0xFF, (packed >> 8) & 0xFF, (packed >> 16) & 0xFF, packed >> 24)
                    store(over(scale(c, w), load(d0, i)), d0, i)
                }
            }
            i += 4
        }
        while i < n {
            let w = UInt32(weights[i])
            if w != 0 {
                dst[i] = PixelMath.over(w == 255 ? color : PixelMath.scale(color, w), dst[i])
                written += 1
            }
            i += 1
        }
        return written
    }
}
