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
            h = mix(mix(h, 1), UInt64(bitPattern: Int64(sprite.contentHash)))
            return mix(mix(mix(h, origin.x.bitPattern), origin.y.bitPattern), bits(tint))
        case .fill(let shape, let color):
            return mix(mix(h, 2), mix(fingerprint(shape), bits(color)))
        case .stroke(let shape, let color, let width):
            return mix(mix(mix(h, 3), mix(fingerprint(shape), bits(color))), width.bitPattern)
        default:
            var hasher = Hasher()
            item.hash(into: &hasher)
            return mix(mix(h, 4), UInt64(bitPattern: Int64(hasher.finalize())))
        }
    }

    private static func fingerprint(_ shape: Shape) -> UInt64 {
        switch shape {
        case .rect(let r):
            return mix(mix(mix(mix(11, r.origin.x.bitPattern), r.origin.y.bitPattern), r.size.width.bitPattern), r.size.height.bitPattern)
        case .roundedRect(let r, let radius):
            let box = mix(
                mix(mix(mix(12, r.origin.x.bitPattern), r.origin.y.bitPattern), r.size.width.bitPattern), r.size.height.bitPattern)
            return mix(box, radius.bitPattern)
        case .circle(let center, let radius):
            return mix(mix(mix(13, center.x.bitPattern), center.y.bitPattern), radius.bitPattern)
        case .line(let from, let to, let width):
            let ends = mix(mix(mix(mix(14, from.x.bitPattern), from.y.bitPattern), to.x.bitPattern), to.y.bitPattern)
            return mix(ends, width.bitPattern)
        }
    }

    private static func bits(_ c: Color) -> UInt64 {
        UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a)
    }
}
