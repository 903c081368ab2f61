import CSDL2
import StudioKit

/// Shows frames through the window's own surface, with no GPU renderer: the studio is
/// rasterized at the window's pixel size (letterboxed, so nothing is scaled twice), copied
/// into the surface, and `SDL_UpdateWindowSurface` puts it on screen (on X11 through shared
/// memory). Input arrives in window coordinates and is mapped back through the letterbox.
final class SurfacePresenter: FramePresenter {
    let window: SDLWindow
    let driverName: String
    let hasVSync = false
    private let logicalSize: Size
    /// The window-sized frame when the window is not the studio's size.
    private var scaled: PixelBuffer?
    private var surface: UnsafeMutablePointer<SDL_Surface>?

    init(window: SDLWindow, logicalSize: Size, reason: String) throws {
        // SDL 2 on X11 otherwise backs the window surface with a GL texture of its own,
        // which under Mesa's llvmpipe is the very cost this presenter avoids.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_GetWindowSurface(window.pointer) != nil else {
            throw SDLError.failed("SDL_GetWindowSurface")
        }
        self.window = window
        self.logicalSize = logicalSize
        driverName = "surface (\(reason))"
    }

    var inputMapping: InputMapping {
        let (w, h) = window.size
        return InputMapping(letterbox: Letterbox(logicalSize: logicalSize, containerWidth: w, height: h),
                            fingerArea: Size(width: Double(w), height: Double(h)))
    }

    /// The window's surface is fetched each frame: SDL replaces it when the window resizes.
    func target(logicalFrame: PixelBuffer) throws -> PixelBuffer? {
        guard let s = SDL_GetWindowSurface(window.pointer) else { throw SDLError.failed("SDL_GetWindowSurface") }
        surface = s
        let w = Int(s.pointee.w), h = Int(s.pointee.h)
        guard w > 0, h > 0 else { return nil }
        if w == logicalFrame.width, h == logicalFrame.height {
            scaled = nil
            return logicalFrame
        }
        if scaled?.width != w || scaled?.height != h { scaled = PixelBuffer(width: w, height: h) }
        return scaled
    }

    /// Copies `frame` (the buffer `target` gave) into the window's surface.
    ///
    /// - Complexity: one copy of the window's pixels (3.7 MB at 720x1280).
    func upload(_ frame: PixelBuffer) throws {
        guard let s = surface else { return }
        precondition(Int(s.pointee.w) == frame.width && Int(s.pointee.h) == frame.height,
                     "frame size differs from the window surface's")
        let format = s.pointee.format.pointee.format
        // The frame is opaque, so its ARGB bytes are also valid XRGB: when the surface is
        // either, the conversion is a plain row copy.
        let source = format == SDL_PIXELFORMAT_RGB888.rawValue ? format : SDL_PIXELFORMAT_ARGB8888.rawValue
        let mustLock = s.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if mustLock { try check(SDL_LockSurface(s), "SDL_LockSurface") }
        defer { if mustLock { SDL_UnlockSurface(s) } }
        try check(SDL_ConvertPixels(Int32(frame.width), Int32(frame.height), source, frame.pixels, Int32(frame.pitch),
                                    format, s.pointee.pixels, s.pointee.pitch), "SDL_ConvertPixels")
    }

    func present() throws {
        try check(SDL_UpdateWindowSurface(window.pointer), "SDL_UpdateWindowSurface")
    }
}
