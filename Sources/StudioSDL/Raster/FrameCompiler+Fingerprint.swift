import StudioKit

extension FrameCompiler {
    /// What the layer cache compares an item by, from frame to frame (`RasterOp.hash` starts
    /// from it): equal for equal items, and for different ones equal only by a 64-bit
    /// accident.
    ///
    /// Sprites and shapes, most of the items of a busy frame (a screen of danmaku is one
    /// sprite each), mix their numbers with `mix`, a few multiplies each. Every other item
    /// (text, images, gradients, clips) goes through `Hasher`, whose SipHash rounds cost
    /// several times that. A number is mixed by its bits, so 0 and -0 differ: that only
    /// redraws a tile, it never keeps a stale one.
    static func fingerprint(_ item: DrawItem) -> UInt64 {
        let t = item.transform
        var h = mix(mix(mix(0x5EED, t.a.bitPattern), t.b.bitPattern), t.c.bitPattern)
        h = mix(mix(mix(h, t.d.bitPattern), t.tx.bitPattern), t.ty.bitPattern)
        switch item.command {
        case .sprite(let sprite, let origin, let tint):
            return mix(mix(mix(mix(h, 1), UInt64(bitPattern: Int64(sprite.contentHash))), origin), bits(tint))
        case .fill(let shape, let color):
            return mix(mix(mix(h, 2), shape), bits(color))
        case .stroke(let shape, let color, let width):
            return mix(mix(mix(mix(h, 3), shape), bits(color)), width.bitPattern)
        default:
            var hasher = Hasher()
            item.hash(into: &hasher)
            return mix(mix(h, 4), UInt64(bitPattern: Int64(hasher.finalize())))
        }
    }

    /// `h` mixed with each number of a shape, after one for its kind.
    private static func mix(_ h: UInt64, _ shape: Shape) -> UInt64 {
        switch shape {
        case .rect(let r): return mix(mix(h, 11), r)
        case .roundedRect(let r, let radius): return mix(mix(mix(h, 12), r), radius.bitPattern)
        case .circle(let center, let radius): return mix(mix(mix(h, 13), center), radius.bitPattern)
        case .line(let from, let to, let width): return mix(mix(mix(mix(h, 14), from), to), width.bitPattern)
        }
    }

    private static func mix(_ h: UInt64, _ r: Rect) -> UInt64 {
        mix(mix(mix(h, r.origin), r.size.width.bitPattern), r.size.height.bitPattern)
    }
    private static func mix(_ h: UInt64, _ p: Point) -> UInt64 { mix(mix(h, p.x.bitPattern), p.y.bitPattern) }

    private static func bits(_ c: Color) -> UInt64 {
        UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a)
    }
}
