import StudioKit

/// Integer arithmetic on premultiplied 32-bit pixels, `0xAARRGGBB` in a native `UInt32`
/// (SDL's ARGB8888). Premultiplied because "source over" then needs one multiply per
/// channel instead of three, and scaling by coverage is the same multiply.
///
/// Channels are multiplied two at a time (SWAR): `0x00RR00BB` and `0x00AA00GG` each hold
/// two 16-bit lanes, and 255 * 255 + 255 still fits a lane, so no product spills into the
/// next. Division by 255 is exact with rounding: `t = x*a + 128; (t + t >> 8) >> 8`, the
/// lane-wise form of `(x*a + 128) * 257 >> 16`.
enum PixelMath {
    /// `x * a / 255` rounded, for `x, a` in 0...255.
    @inline(__always)
    static func mul(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x &* a &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Every channel of `p` (alpha included) times `a / 255`, rounded; `a` in 0...255.
    @inline(__always)
    static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `src` over `dst`, both premultiplied: `src + dst * (255 - srcA) / 255`. Cannot
    /// overflow: each source channel is at most its alpha, and the scaled destination
    /// channel at most `255 - srcA`.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, 255 &- (src >> 24))
    }

    /// `a` moved towards `b` by `w / 256`, every channel; `w` in 0...256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    /// A straight-alpha color as a premultiplied pixel.
    @inline(__always)
    static func premultiplied(_ c: Color) -> UInt32 {
        let a = UInt32(c.a)
        return a << 24 | mul(UInt32(c.r), a) << 16 | mul(UInt32(c.g), a) << 8 | mul(UInt32(c.b), a)
    }

    /// A premultiplied pixel back as a straight-alpha color (rounded; fully transparent
    /// pixels come back as `.clear`, their color is gone).
    static func straight(_ p: UInt32) -> Color {
        let a = p >> 24
        if a == 255 {
            return Color(
                r: UInt8(truncatingIfNeeded: p >> 16), g: UInt8(truncatingIfNeeded: p >> 8),
                b: UInt8(truncatingIfNeeded: p), a: 255)
        }
        if a == 0 { return .clear }
        func channel(_ shift: UInt32) -> UInt8 {
            UInt8(min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a))
        }
        return Color(r: channel(16), g: channel(8), b: channel(0), a: UInt8(a))
    }

    /// Coverage in 0...1 as an 8-bit weight, rounded.
    @inline(__always)
    static func weight(_ coverage: Double) -> UInt32 {
        UInt32(min(max(coverage, 0), 1) * 255 + 0.5)
    }
}
