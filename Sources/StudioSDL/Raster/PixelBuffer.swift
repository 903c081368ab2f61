/// A frame in memory: `width * height` premultiplied pixels (`0xAARRGGBB`, SDL's
/// ARGB8888), rows packed with no padding. The rasterizer draws into it; the window
/// uploads it to a texture and the offscreen target reads and saves it.
///
/// `@unchecked Sendable` because the rasterizer's bands write it concurrently: each band
/// owns a disjoint range of rows, and nobody reads it until every band has finished.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The first pixel of the first row; `width` pixels per row.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// Whether it frees `pixels` when it goes.
    private let ownsPixels: Bool

    /// A buffer of transparent black pixels.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a pixel buffer needs pixels")
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
        ownsPixels = true
    }

    /// A buffer over `width * height` pixels someone else owns (a window's surface), which
    /// must stay valid while the buffer is drawn into or read.
    init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a pixel buffer needs pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
        ownsPixels = false
    }

    deinit { if ownsPixels { pixels.deallocate() } }

    /// Bytes per row.
    package var pitch: Int { width * 4 }

    /// The premultiplied pixel at (x, y); both must be inside the buffer.
    public subscript(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return pixels[y * width + x]
    }
}
