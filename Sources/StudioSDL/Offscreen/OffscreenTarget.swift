import StudioKit

/// A frame rendered in memory by `DisplayListRasterizer`.
///
/// Needs no display and no SDL video, so it serves headless runs, golden images and
/// tests; the window draws with the same rasterizer, so both give the same pixels.
/// Pixels can be read back and written as PNG.
public final class OffscreenTarget {
    /// Size of the frame in pixels.
    public let width: Int
    public let height: Int
    /// Clears the frame before each `render`: opaque black by default, `.clear` for a
    /// transparent frame (for example one layer rendered on its own).
    public let background: Color
    /// True when the frame keeps alpha (PNGs are then RGBA): when `background` is not opaque.
    package let hasAlpha: Bool
    /// Draws display lists into `frame` (its stats and caches are public).
    package let rasterizer: DisplayListRasterizer
    /// The pixels, premultiplied.
    public let frame: PixelBuffer

    /// - Parameters:
    ///   - width, height: pixel size; display-list coordinates are scaled from
    ///     `logicalSize` to it (letterboxed if the aspect ratios differ).
    ///   - assetsDirectory: the folder holding `images/<name>.png`.
    /// - Throws: `SDLError.invalidSize` unless both sizes are in 1...16384.
    public init(
        width: Int = 720, height: Int = 1280, logicalSize: Size = .studio,
        fonts: FontLibrary, assetsDirectory: String, background: Color = .black,
        textCacheCapacity: Int = TextCache.defaultCapacity
    ) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw SDLError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.background = background
        hasAlpha = background.a < 255
        frame = PixelBuffer(width: width, height: height)
        rasterizer = DisplayListRasterizer(
            fonts: fonts, assetsDirectory: assetsDirectory,
            logicalSize: logicalSize, textCacheCapacity: textCacheCapacity)
    }

    /// What the last render did.
    package var stats: RenderStats { rasterizer.lastStats }

    /// Clears to `background` and draws `list`.
    ///
    /// - Complexity: see `DisplayListRasterizer.render`; a few milliseconds for the demo.
    package func render(_ list: DisplayList) throws {
        try rasterizer.render(list, into: frame, background: background)
    }

    /// The straight-alpha color of one pixel, or nil outside the frame.
    package func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return color(frame[x, y])
    }

    /// Every pixel as straight-alpha RGBA bytes, row by row (width * height * 4 bytes):
    /// for comparing frames and for golden images.
    package func rgbaBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<(width * height) {
                let c = color(frame.pixels[i])
                bytes[4 * i] = c.r
                bytes[4 * i + 1] = c.g
                bytes[4 * i + 2] = c.b
                bytes[4 * i + 3] = c.a
            }
        }
        return out
    }

    /// The frame as PNG bytes, as `writePNG(to:)` writes them.
    package func pngData() throws -> [UInt8] {
        try PNGWriter.encode(frame, hasAlpha: hasAlpha, path: "(in memory)")
    }

    /// Writes the frame as a PNG file (RGBA when the target has alpha, else RGB).
    ///
    /// - Throws: `FileOutputError` naming `path` and the reason when the file cannot be
    ///   written (its folder is missing, the disk is full...); the old file is left as it was.
    package func writePNG(to path: String) throws {
        try PNGWriter.write(frame, hasAlpha: hasAlpha, to: path)
    }

    private func color(_ p: UInt32) -> Color {
        // An opaque frame stays opaque (the background is, and "over" keeps alpha 255);
        // reading it so also keeps PNG and pixel reads in agreement.
        hasAlpha ? PixelMath.straight(p) : PixelMath.straight(p | 0xFF00_0000)
    }
}
