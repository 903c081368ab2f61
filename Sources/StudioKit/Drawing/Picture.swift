import StudioFoundation

/// Pixels made at run time rather than loaded from an asset: a decoded video frame. The
/// pixels are premultiplied 32-bit `0xAARRGGBB` values (on a little-endian machine the bytes
/// B, G, R, A: FFmpeg's BGRA), row after row with no padding.
///
/// A picture is immutable once made. It is equal to another, and hashes, by `identity`
/// alone (which stream, which frame): comparing and hashing a frame's megabytes on every
/// draw would cost more than drawing it, and the renderer's layer cache keeps the tiles of
/// a frame that shows the same picture as the last.
///
/// `@unchecked Sendable`: the pixels are written once, before the picture is shared.
public final class Picture: @unchecked Sendable, Hashable, CustomStringConvertible {
    package let width: Int
    package let height: Int
    /// What it shows, for equality: the source's number and the frame's.
    package let identity: Identity
    /// True when every pixel is opaque (a video frame).
    package let isOpaque: Bool
    /// `width * height` pixels.
    package let pixels: UnsafeMutablePointer<UInt32>

    package struct Identity: Hashable, Sendable {
        /// The source, as `Picture.source(named:)` numbers it.
        package var source: UInt64
        /// The frame's number in it.
        package var frame: Int

        package init(source: UInt64, frame: Int) {
            self.source = source
            self.frame = frame
        }
    }

    /// A picture of uninitialised pixels for `fill` to write; sizes are clamped to at least 1.
    package init(
        width: Int, height: Int, identity: Identity, isOpaque: Bool = true,
        fill: (UnsafeMutablePointer<UInt32>) -> Void
    ) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.identity = identity
        self.isOpaque = isOpaque
        pixels = .allocate(capacity: self.width * self.height)
        pixels.initialize(repeating: 0xFF00_0000, count: self.width * self.height)
        fill(pixels)
    }

    deinit { pixels.deallocate() }

    /// The pixel at (`x`, `y`), premultiplied `0xAARRGGBB`.
    package func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return pixels[y * width + x]
    }

    public static func == (a: Picture, b: Picture) -> Bool {
        a.identity == b.identity && a.width == b.width && a.height == b.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(width)
        hasher.combine(height)
    }

    /// Its size and identity, not its pixels, so that a display list prints the same in
    /// every run.
    public var description: String { "Picture(\(width)x\(height), source \(identity.source), frame \(identity.frame))" }

    /// A source number for `name` that is the same in every run (FNV-1a), so that a display
    /// list holding its frames prints the same every time. Give a file's name, not its
    /// path, and the lists are the same on every machine too.
    package static func source(named name: String) -> UInt64 { FNV1a<UInt64>.hash(name) }
}
