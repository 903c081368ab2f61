import CSDL2
import Foundation
import StudioKit

/// A frame rendered in memory: a 32-bit surface drawn by SDL's software renderer.
///
/// Needs no display and no SDL video initialization, so it serves headless runs, golden
/// images and tests. The same `DisplayListRenderer` as the window draws into it; pixels
/// can be read back and written as PNG.
public final class OffscreenTarget {
    /// Size of the surface in pixels.
    public let width: Int
    public let height: Int
    /// Clears the surface before each `render`: opaque black by default, `.clear` for a
    /// transparent frame (for example one layer rendered on its own).
    public let background: Color
    /// True when the surface stores alpha: only when `background` is not opaque.
    /// Opaque frames use a surface without alpha because SDL's software triangle blender
    /// lets the destination alpha drift (to 253 over opaque pixels), which would make an
    /// opaque frame slightly transparent in a PNG.
    public let hasAlpha: Bool
    /// The renderer drawing into the surface (its stats and caches are public).
    public let drawer: DisplayListRenderer
    private let surface: UnsafeMutablePointer<SDL_Surface>

    /// - Parameters:
    ///   - width, height: pixel size; display-list coordinates are scaled from
    ///     `logicalSize` to it (letterboxed if the aspect ratios differ).
    ///   - assetsDirectory: the folder holding `images/<name>.png`.
    public init(width: Int = 720, height: Int = 1280, logicalSize: Size = .studio,
                fonts: FontLibrary, assetsDirectory: String, background: Color = .black,
                textCacheCapacity: Int = 512) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw SDLError.invalidSize(width: width, height: height)
        }
        let hasAlpha = background.a < 255
        // XRGB8888 ("RGB888") has the same layout with the top byte ignored.
        let format = hasAlpha ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_RGB888
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format.rawValue) else {
            throw SDLError.failed("SDL_CreateRGBSurfaceWithFormat(\(width)x\(height))")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            let error = SDLError.failed("SDL_CreateSoftwareRenderer")
            SDL_FreeSurface(surface)
            throw error
        }
        // From here the handle owns the renderer and the surface.
        let handle = RendererHandle(renderer: renderer, surface: surface, runtime: fonts.runtime)
        try check(SDL_RenderSetLogicalSize(renderer, Int32(logicalSize.width), Int32(logicalSize.height)),
                  "SDL_RenderSetLogicalSize")
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        self.width = width
        self.height = height
        self.surface = surface
        self.background = background
        self.hasAlpha = hasAlpha
        drawer = DisplayListRenderer(target: handle, fonts: fonts, assetsDirectory: assetsDirectory,
                                     logicalSize: logicalSize, textCacheCapacity: textCacheCapacity)
        drawer.pixelSnapping = (Double(sx), Double(sy))
    }

    /// What the last render did.
    public var stats: RenderStats { drawer.lastStats }

    /// Clears to `background` and draws `list`.
    ///
    /// - Complexity: the software renderer touches every covered pixel, so a full-screen
    ///   frame costs a few milliseconds; fine for snapshots and headless runs, too slow to
    ///   use as a window's only renderer at 60 fps on a small machine.
    public func render(_ list: DisplayList) throws {
        let renderer = drawer.target.pointer
        try check(SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, background.a),
                  "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(renderer), "SDL_RenderClear")
        try drawer.render(list)
        try check(SDL_RenderFlush(renderer), "SDL_RenderFlush")
    }

    /// The straight-alpha colour of one pixel, or nil outside the surface.
    public func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return withPixels { pixels, pitch in
            color(pixels.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self))
        }
    }

    /// Every pixel as RGBA bytes, row by row (width * height * 4 bytes): for comparing
    /// frames and for golden images.
    public func rgbaBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        withPixels { pixels, pitch in
            var i = 0
            for y in 0..<height {
                for x in 0..<width {
                    let c = color(pixels.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self))
                    out[i] = c.r; out[i + 1] = c.g; out[i + 2] = c.b; out[i + 3] = c.a
                    i += 4
                }
            }
        }
        return out
    }

    /// Writes the surface as a PNG file (RGBA when the target has alpha, else RGB).
    ///
    /// - Throws: `SDLError.pngNotWritten` naming `path`, for example when its directory
    ///   does not exist.
    public func writePNG(to path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SDLError.pngNotWritten(path: path, message: "directory \(directory) does not exist")
        }
        if IMG_SavePNG(surface, path) != 0 {
            throw SDLError.pngNotWritten(path: path, message: SDLError.lastMessage)
        }
    }

    private func withPixels<R>(_ body: (UnsafeRawPointer, Int) -> R) -> R {
        // Locking is a no-op for plain software surfaces but required by SDL's contract.
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        return body(UnsafeRawPointer(surface.pointee.pixels!), Int(surface.pointee.pitch))
    }

    /// Both formats are a native-endian 32-bit value 0xAARRGGBB (AA unused without alpha).
    private func color(_ v: UInt32) -> Color {
        Color(r: UInt8((v >> 16) & 0xFF), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF),
              a: hasAlpha ? UInt8(v >> 24) : 255)
    }
}
