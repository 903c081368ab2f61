import CSDL2
import Foundation
import StudioKit

/// Image assets as premultiplied pixels: `ImageRef("cover-1")` is
/// `<assets>/images/cover-1.png`, loaded with SDL_image on first use. Decoded images are
/// kept under `decodedBudget` bytes and stretched copies under `resizedBudget`, least
/// recently used evicted first.
///
/// A file that cannot be used (missing, not a PNG, over `PNGHeader`'s pixel budget, or
/// failing to decode) is remembered with its error and never read again: drawing asks
/// `drawable(_:)`, which warns once per file and answers nil, so the frame shows a
/// placeholder and the session goes on.
/// Not thread-safe: the rasterizer loads on the calling thread before its bands start.
public final class ImageCache {
    /// Keeps SDL_image initialized while images may still be loaded.
    package let runtime: SDLRuntime
    /// Images loaded from disk so far (an evicted image that is drawn again loads again).
    public private(set) var loads = 0
    /// The files that could not be used, in the order they failed, each once.
    package private(set) var failures: [ImageFileError] = []
    /// Where `drawable(_:)` reports a file that cannot be used, once per file.
    package var warn: (String) -> Void = { message in
        ToolName.say("warning: \(message)")
    }
    /// Bytes of decoded images kept (see `init`).
    package var decodedBudget: Int { decoded.budget }
    /// Bytes of stretched copies kept (see `stretched(_:_:width:height:)`).
    package var resizedBudget: Int { resized.budget }
    private let assetsDirectory: String
    private var decoded: ByteBudgetCache<String, RasterImage>
    private var failed: [String: ImageFileError] = [:]
    private var warned: Set<String> = []
    /// Images stretched to a size asked for in two frames running (a layout size, such as
    /// the cover in a window of another size, rather than an animation), and the sizes asked
    /// for in this frame and the last.
    private var resized: ByteBudgetCache<ResizedKey, RasterImage>
    private var askedThisFrame: Set<ResizedKey> = []
    private var askedLastFrame: Set<ResizedKey> = []
    /// The frame each kept stretched copy was last drawn in: a copy for a size no longer
    /// drawn (the window was resized) is dropped after `resizedKeepFrames`, so that a
    /// window shrunk back does not keep the larger sizes' copies up to the budget.
    private var resizedLastDrawn: [ResizedKey: Int] = [:]
    private var frame = 0
    /// Frames a stretched copy is kept without being drawn (two seconds at 60 fps).
    static let resizedKeepFrames = 120

    private struct ResizedKey: Hashable {
        let name: String
        let width: Int
        let height: Int
    }

    /// - Parameter decodedBudget: bytes of decoded images kept. The default holds two
    ///   images of the largest size `PNGHeader` accepts, or the demo's covers many times over.
    public init(assetsDirectory: String, runtime: SDLRuntime, decodedBudget: Int = 128 << 20) {
        self.assetsDirectory = assetsDirectory
        self.runtime = runtime
        decoded = ByteBudgetCache(budget: decodedBudget)
        resized = ByteBudgetCache(budget: 32 << 20)
    }

    /// The file an image reference names.
    public func path(for ref: ImageRef) -> String { ref.path(inAssets: assetsDirectory) }

    /// Bytes of decoded images held now (at most `decodedBudget`).
    package var decodedBytes: Int { decoded.bytes }

    /// The image `ref` names, loaded on first use.
    ///
    /// - Complexity: a dictionary lookup once loaded; the first use reads the PNG header,
    ///   then decodes and premultiplies (a few milliseconds for a full-screen cover).
    /// - Throws: `ImageFileError` naming the full path, the reason and the fix; a file
    ///   that failed once fails again without being read.
    public func image(for ref: ImageRef) throws -> RasterImage {
        if let image = decoded.value(for: ref.name) { return image }
        if let error = failed[ref.name] { throw error }
        let image: RasterImage
        do {
            image = try load(path(for: ref))
        } catch {
            let failure =
                error as? ImageFileError
                ?? ImageFileError(path: path(for: ref), reason: .undecodable("\(error)"))
            failed[ref.name] = failure
            failures.append(failure)
            throw failure
        }
        decoded.insert(image, for: ref.name, bytes: image.byteCount)
        loads += 1
        return image
    }

    /// The image `ref` names for drawing, or nil when its file cannot be used: the first
    /// time, `warn` names the file, the reason and the fix.
    /// - Complexity: as `image(for:)`; a known failure is a dictionary lookup.
    func drawable(_ ref: ImageRef) -> RasterImage? {
        // A known failure, drawn every frame, is answered before any lookup or throw.
        if failed[ref.name] != nil, warned.contains(ref.name) { return nil }
        do {
            return try image(for: ref)
        } catch {
            if warned.insert(ref.name).inserted { warn("\(error); drawing a placeholder instead") }
            return nil
        }
    }

    /// Starts a frame for `stretched(_:_:width:height:)`'s two-frames-running rule.
    func beginFrame() {
        swap(&askedThisFrame, &askedLastFrame)
        askedThisFrame.removeAll(keepingCapacity: true)
        frame += 1
        if frame % Self.resizedKeepFrames == 0 {
            for (key, drawn) in resizedLastDrawn where frame - drawn > Self.resizedKeepFrames {
                resized.remove(key)
                resizedLastDrawn[key] = nil
            }
        }
    }

    /// `image` (named `ref`) stretched to `width` x `height`, when that size was also asked
    /// for in the previous frame; nil the first time, so a size that changes every frame is
    /// stretched in place rather than resampled and cached each frame.
    /// - Complexity: a lookup once made; making it costs one stretch of the image.
    func stretched(_ ref: ImageRef, _ image: RasterImage, width: Int, height: Int) -> RasterImage? {
        let key = ResizedKey(name: ref.name, width: width, height: height)
        askedThisFrame.insert(key)
        if let done = resized.value(for: key) {
            resizedLastDrawn[key] = frame
            return done
        }
        guard askedLastFrame.contains(key), width <= 8192, height <= 8192, width * height * 4 <= resizedBudget else {
            return nil
        }
        let made = image.resampled(width: width, height: height)
        resized.insert(made, for: key, bytes: made.byteCount)
        resizedLastDrawn[key] = frame
        return made
    }

    /// Decodes `path` after its header passed `PNGHeader`, so that SDL_image never sees a
    /// file that is not a PNG or whose size is over the budget.
    private func load(_ path: String) throws -> RasterImage {
        // The header first (33 bytes), so a file over the pixel budget is never read whole;
        // then the file is read once, checked for a cut end and decoded from those bytes.
        let header = try PNGHeader.read(path: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageFileError(path: path, reason: .unreadable("it could not be read after its header"))
        }
        let bytes = [UInt8](data)
        if let cut = PNGHeader.cutShort(bytes) { throw ImageFileError(path: path, reason: .undecodable(cut)) }
        let decodedSurface = bytes.withUnsafeBytes { raw in
            IMG_Load_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)), 1)
        }
        guard let loaded = decodedSurface else {
            // SDL_image ends some messages with a full stop; the error goes on after it.
            let message = SDLError.lastMessage.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw ImageFileError(path: path, reason: .undecodable(message.isEmpty ? "SDL_image gave no reason" : message))
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageFileError(path: path, reason: .undecodable("SDL_ConvertSurfaceFormat failed: \(SDLError.lastMessage)"))
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        guard width == header.width, height == header.height else {
            throw ImageFileError(
                path: path,
                reason: .undecodable(
                    "it decoded to \(width)x\(height) pixels where its header declares \(header.width)x\(header.height)"))
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        var opaque = true
        forEachPixelRow(of: surface) { y, row in
            for x in 0..<width {
                let p = row[x], a = p >> 24
                if a != 255 { opaque = false }
                // Straight -> premultiplied: the color channels times alpha.
                pixels[y * width + x] = a == 255 ? p : a << 24 | PixelMath.scale(p & 0x00FF_FFFF, a)
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels, isOpaque: opaque)
    }
}
