import StudioKit

/// An image asset decoded once into premultiplied 32-bit pixels (`0xAARRGGBB`).
///
/// `@unchecked Sendable`: immutable after loading; the rasterizer's bands only read it.
public final class RasterImage: @unchecked Sendable {
    /// Bytes its pixels take (premultiplied ARGB, 4 a pixel): what caches count.
    package var byteCount: Int { width * height * 4 }
    public let width: Int
    public let height: Int
    /// True when every pixel is opaque: drawn untinted at full alpha, it is copied row by
    /// row instead of blended.
    package let isOpaque: Bool
    let pixels: UnsafeMutablePointer<UInt32>

    init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt32>, isOpaque: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = isOpaque
    }

    deinit { pixels.deallocate() }

    /// The straight-alpha color of pixel (x, y).
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "image pixel (\(x), \(y)) outside \(width)x\(height)")
        return PixelMath.straight(pixels[y * width + x])
    }

    var source: ImageSource {
        ImageSource(pixels: UnsafePointer(pixels), width: width, height: height, stride: width, isOpaque: isOpaque)
    }

    /// This image stretched to `width` x `height` through `BilinearStretch`, the sampling
    /// the rasterizer's per-frame stretch uses, so drawing the result 1:1 gives its pixels.
    func resampled(width: Int, height: Int) -> RasterImage {
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        let stretch = BilinearStretch(source, width: width, height: height)
        let columns = (0..<width).map(stretch.column)
        for y in 0..<height {
            let rows = stretch.rows(y)
            for x in 0..<width { out[y * width + x] = stretch.sample(rows, column: columns[x]) }
        }
        return RasterImage(width: width, height: height, pixels: out, isOpaque: isOpaque)
    }
}
