/// How an image stretched axis-aligned over a `width` x `height` destination is sampled:
/// each destination pixel centre maps into the image, edge texels repeated, bilinear in 8.8
/// fixed point. The rasterizer's per-frame stretch and the image cache's resampled copies
/// both sample through this, so a copy made once draws exactly the pixels the stretch would.
struct BilinearStretch {
    let image: ImageSource
    private let sx: Double, sy: Double, maxU: Double, maxV: Double

    init(_ image: ImageSource, width: Int, height: Int) {
        self.image = image
        sx = Double(image.width) / Double(width)
        sy = Double(image.height) / Double(height)
        maxU = Double(image.width - 1)
        maxV = Double(image.height - 1)
    }

    /// The source column of destination column `x` (counted from the destination's left
    /// edge), in 8.8 fixed point.
    func column(_ x: Int) -> Int32 {
        Int32(clamping: (min(max((Double(x) + 0.5) * sx - 0.5, 0), maxU) * 256).rounded(.down))
    }

    /// The two source rows destination row `y` blends, and the lower one's weight (0...255).
    func rows(_ y: Int) -> (upper: UnsafePointer<UInt32>, lower: UnsafePointer<UInt32>, weight: UInt32) {
        let fv = Int(clamping: (min(max((Double(y) + 0.5) * sy - 0.5, 0), maxV) * 256).rounded(.down))
        let w = image.stride
        return (image.pixels + (fv >> 8) * w, image.pixels + min((fv >> 8) + 1, image.height - 1) * w, UInt32(fv & 255))
    }

    /// The premultiplied sample at fixed-point column `column` between two rows.
    @inline(__always)
    func sample(
        _ rows: (upper: UnsafePointer<UInt32>, lower: UnsafePointer<UInt32>, weight: UInt32),
        column: Int32
    ) -> UInt32 {
        let fu = Int(column), u0 = fu >> 8, u1 = min(u0 + 1, image.width - 1), wx = UInt32(fu & 255)
        let top = PixelMath.lerp(rows.upper[u0], rows.upper[u1], wx)
        let bottom = PixelMath.lerp(rows.lower[u0], rows.lower[u1], wx)
        return PixelMath.lerp(top, bottom, rows.weight)
    }
}
