import CSDL2
import Foundation
import StudioKit

/// An image asset decoded once into premultiplied 32-bit pixels (`0xAARRGGBB`).
///
/// `@unchecked Sendable`: immutable after loading; the rasterizer's bands only read it.
public final class RasterImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// True when every pixel is opaque: drawn untinted at full alpha, it is copied row by
    /// row instead of blended.
    public let isOpaque: Bool
    let pixels: UnsafeMutablePointer<UInt32>

    fileprivate init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt32>, isOpaque: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = isOpaque
    }

    deinit { pixels.deallocate() }

    /// The straight-alpha colour of pixel (x, y).
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "image pixel (\(x), \(y)) outside \(width)x\(height)")
        return PixelMath.straight(pixels[y * width + x])
    }

    var source: ImageSource {
        ImageSource(pixels: UnsafePointer(pixels), width: width, height: height, isOpaque: isOpaque)
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

/// Image assets as premultiplied pixels: `ImageRef("cover-1")` is
/// `<assets>/images/cover-1.png`, loaded with SDL_image on first use and kept for the
/// life of the cache (a studio uses a handful of images, so there is no eviction).
/// Not thread-safe: the rasterizer loads on the calling thread before its bands start.
public final class ImageCache {
    /// `<assets>/images`.
    public let imagesDirectory: String
    /// Keeps SDL_image initialized while images may still be loaded.
    public let runtime: SDLRuntime
    /// Images loaded from disk so far.
    public private(set) var loads = 0
    private var images: [String: RasterImage] = [:]
    /// Images stretched to a size asked for in two frames running (a layout size, such as
    /// the cover in a window of another size, rather than an animation), and the sizes asked
    /// for in this frame and the last. Bounded by `resizedBudget` bytes.
    private var resized: [ResizedKey: RasterImage] = [:]
    private var resizedBytes = 0
    private var askedThisFrame: Set<ResizedKey> = []
    private var askedLastFrame: Set<ResizedKey> = []
    let resizedBudget = 32 << 20

    private struct ResizedKey: Hashable {
        let name: String
        let width: Int
        let height: Int
    }

    public init(assetsDirectory: String, runtime: SDLRuntime) {
        imagesDirectory = URL(fileURLWithPath: assetsDirectory).appendingPathComponent("images").path
        self.runtime = runtime
    }

    /// The file an image reference names.
    public func path(for ref: ImageRef) -> String {
        URL(fileURLWithPath: imagesDirectory).appendingPathComponent(ref.name + ".png").path
    }

    /// The image `ref` names, loaded on first use.
    ///
    /// - Complexity: a dictionary lookup once loaded; the first use decodes the PNG and
    ///   premultiplies it (a few milliseconds for a full-screen cover).
    /// - Throws: `SDLError.imageMissing` / `.imageUnreadable` naming the full path.
    public func image(for ref: ImageRef) throws -> RasterImage {
        if let image = images[ref.name] { return image }
        let image = try load(path(for: ref))
        images[ref.name] = image
        loads += 1
        return image
    }

    /// Starts a frame for `stretched(_:_:width:height:)`'s two-frames-running rule.
    func beginFrame() {
        swap(&askedThisFrame, &askedLastFrame)
        askedThisFrame.removeAll(keepingCapacity: true)
    }

    /// `image` (named `ref`) stretched to `width` x `height`, when that size was also asked
    /// for in the previous frame; nil the first time, so a size that changes every frame is
    /// stretched in place rather than resampled and cached each frame.
    /// - Complexity: a lookup once made; making it costs one stretch of the image.
    func stretched(_ ref: ImageRef, _ image: RasterImage, width: Int, height: Int) -> RasterImage? {
        let key = ResizedKey(name: ref.name, width: width, height: height)
        askedThisFrame.insert(key)
        if let done = resized[key] { return done }
        guard askedLastFrame.contains(key), width <= 8192, height <= 8192, width * height * 4 <= resizedBudget else {
            return nil
        }
        if resizedBytes + width * height * 4 > resizedBudget {
            resized.removeAll()
            resizedBytes = 0
        }
        let made = image.resampled(width: width, height: height)
        resized[key] = made
        resizedBytes += width * height * 4
        return made
    }

    private func load(_ path: String) throws -> RasterImage {
        guard FileManager.default.fileExists(atPath: path) else { throw SDLError.imageMissing(path: path) }
        guard let loaded = IMG_Load(path) else {
            throw SDLError.imageUnreadable(path: path, message: SDLError.lastMessage)
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError.failed("SDL_ConvertSurfaceFormat(\(path))")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        guard width > 0, height > 0 else {
            throw SDLError.imageUnreadable(path: path, message: "the image has no pixels")
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        var opaque = true
        forEachPixelRow(of: surface) { y, row in
            for x in 0..<width {
                let p = row[x], a = p >> 24
                if a != 255 { opaque = false }
                // Straight -> premultiplied: the colour channels times alpha.
                pixels[y * width + x] = a == 255 ? p : a << 24 | PixelMath.scale(p & 0x00FF_FFFF, a)
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels, isOpaque: opaque)
    }
}
