import CSDL2
import Foundation
import StudioKit

#if canImport(Glibc)
import Glibc
#endif

/// Shows frames through the window's own surface, with no GPU renderer: the studio is
/// rasterized at the size it covers in the window (letterboxed, so nothing is scaled
/// twice), copied into that area of the surface, and `SDL_UpdateWindowSurface` puts it
/// on screen (on X11 through shared memory). Input arrives in window coordinates and is
/// mapped back through the letterbox.
///
/// When the studio fills the surface at the size it is drawn (a 720x1280 window), the
/// surface's own memory is the frame, on X11: SDL puts the image on screen and waits for
/// the X server to have copied it before `present` returns, so the bands can draw the next
/// frame into it afterwards, and the copy of every frame into the surface goes.
///
/// The raster is stretched into the area instead when the area is past `WindowBounds`'
/// budget, and while the window is being resized (then the raster of the last settled size
/// is kept, as `ResizeSchedule` describes, until a new size has lasted). The
/// bars around the area are painted once per surface, not every frame. When SDL cannot
/// make the surface (a window too large for memory), frames are skipped, with one
/// warning, until the window is smaller again.
final class SurfacePresenter: FramePresenter {
    let window: SDLWindow
    let driverName: String
    let hasVSync = false
    private let logicalSize: Size
    /// Where the frame being drawn goes: the surface `target` fetched and the studio's area
    /// on it; nil when the frame is skipped.
    private var placement: (surface: UnsafeMutablePointer<SDL_Surface>, area: PixelRect)?
    /// The studio's raster when it is not the logical frame, sized by `WindowBounds`;
    /// replaced (and the old one freed) when the window's size changes it.
    private var raster: PixelBuffer?
    /// An SDL surface over the pixels of the buffer being stretched, made when needed.
    private var stretchSource: (buffer: PixelBuffer, surface: UnsafeMutablePointer<SDL_Surface>)?
    /// The surface whose bars are painted (SDL makes a new one when the window resizes;
    /// any window event clears this, as the new one can land at the old addresses).
    private var paintedSurface:
        (
            surface: UnsafeMutablePointer<SDL_Surface>, pixels: UnsafeMutableRawPointer?,
            width: Int32, height: Int32
        )?
    /// True while frames are skipped for want of memory (warned once per such run).
    private var skipping = false
    /// What the window surface holds: a copy of this buffer at this place on this surface;
    /// nil after a window event (X may have lost what it showed). The next frame of the same
    /// buffer copies and shows only what changed.
    private var copied:
        (
            frame: ObjectIdentifier, surface: UnsafeMutablePointer<SDL_Surface>,
            pixels: UnsafeMutableRawPointer?, area: PixelRect
        )?
    /// Whether frames may be drawn into the surface itself (the X11 driver, whose surface
    /// update returns once the server has its copy).
    private let drawsIntoSurface: Bool
    /// The surface as a frame, while frames are drawn into it, with the surface and memory
    /// it was made over.
    private var surfaceFrame: (buffer: PixelBuffer, surface: UnsafeMutablePointer<SDL_Surface>, pixels: UnsafeMutableRawPointer)?
    /// Set by a window event while frames are drawn into the surface.
    private var windowChangedSinceTarget = false
    /// Whether SDL may replace the surface, and free its memory, at the next
    /// `SDL_GetWindowSurface`: after a window event, or once the window's size is no longer
    /// the surface's (SDL marks the surface stale when it learns of the new size, even
    /// before the event is read).
    var mustFinishDrawingBeforeTarget: Bool {
        guard let f = surfaceFrame else { return false }
        let (w, h) = window.size
        return windowChangedSinceTarget || w != f.buffer.width || h != f.buffer.height
    }
    /// The part of the window the next `present` shows again (window pixels); nil: all of it.
    private var shown: SDL_Rect?
    /// Which raster each frame of a resize uses.
    private var schedule = ResizeSchedule()
    /// Set when the frame being drawn is the first at the exact size after a resize.
    private var resizeSettled = false
    /// The raster size whose text and images this frame should prepare (see `ResizeSchedule`).
    private(set) var preparing: (width: Int, height: Int)?
    /// After how many frames at one window size glibc is asked to hand back freed memory:
    /// once the frames at the new size have made their text and images and freed the old
    /// size's buffers, and again after the rasterizer's caches dropped the old size's
    /// stretched images (`ImageCache.resizedKeepFrames`). A resize storm, whose sizes last
    /// a frame or two, pays for no trim at all.
    static let trimAfterFrames: Set = [30, 300]
    /// Where the presenter warns; standard error as the rest of a run.
    var warn: (String) -> Void = { message in
        ToolName.say("warning: \(message)")
    }

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
        drawsIntoSurface = SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
    }

    deinit { releaseStretchSource() }

    var inputMapping: InputMapping {
        let (w, h) = window.size
        return InputMapping(
            letterbox: Letterbox(logicalSize: logicalSize, containerWidth: w, height: h),
            fingerArea: Size(width: Double(w), height: Double(h)))
    }

    func windowChanged() {
        paintedSurface = nil
        copied = nil
        if surfaceFrame != nil { windowChangedSinceTarget = true }
    }

    func takeResizeSettled() -> Bool {
        defer { resizeSettled = false }
        return resizeSettled
    }

    /// The window's surface is fetched each frame: SDL replaces it when the window resizes.
    func target(logicalFrame: PixelBuffer) throws -> PixelBuffer? {
        placement = nil
        windowChangedSinceTarget = false
        guard let s = SDL_GetWindowSurface(window.pointer) else {
            let error = SDLError.failed("SDL_GetWindowSurface")
            let (w, h) = window.size
            skipFrames("\(error) (a \(w)x\(h) window)")
            return nil
        }
        let w = Int(s.pointee.w), h = Int(s.pointee.h)
        guard w > 0, h > 0 else { return nil }
        let area = Letterbox(logicalSize: logicalSize, containerWidth: w, height: h).rect
        guard !area.isEmpty else { return nil }
        let (size, prepare, settled) = schedule.frame(width: area.width, height: area.height)
        (preparing, resizeSettled) = (prepare, settled)
        placement = (s, area)
        if let direct = surfaceFrame(s, area: area, size: size) {
            release()
            return direct
        }
        if size == (logicalFrame.width, logicalFrame.height) {
            release()
            return logicalFrame
        }
        if let raster, raster.width == size.width, raster.height == size.height { return raster }
        release()
        let made = PixelBuffer(width: size.width, height: size.height)
        raster = made
        return made
    }

    /// Copies `frame` (the buffer `target` gave) into the studio's area of the window's
    /// surface, stretched when it was rasterized smaller, after painting the bars of a new
    /// surface black. When the surface already holds the last copy of this same buffer,
    /// only `changed` is copied, and `present` shows only that.
    ///
    /// - Complexity: one copy of the changed part of the studio's area (all of it, 3.7 MB
    ///   at 720x1280, after a window event), or one stretch into it; a new surface's bars once.
    func upload(_ frame: PixelBuffer, changed: PixelRect) throws {
        guard let (s, area) = placement else { return }
        let same = frame.width == area.width && frame.height == area.height
        let current = ObjectIdentifier(frame)
        let holdsLast =
            same
            && copied.map { $0.frame == current && $0.surface == s && $0.pixels == s.pointee.pixels && $0.area == area }
                ?? false
        // A frame drawn into the surface itself (`surfaceFrame`) is there already: only what
        // to show is left.
        if surfaceFrame?.buffer !== frame {
            let mustLock = s.pointee.flags & UInt32(SDL_RLEACCEL) != 0
            if mustLock { try check(SDL_LockSurface(s), "SDL_LockSurface") }
            defer { if mustLock { SDL_UnlockSurface(s) } }
            try paintBars(s, around: area)
            if holdsLast {
                try copy(frame, part: changed, into: s, at: area)
            } else if same {
                try copy(frame, part: PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height), into: s, at: area)
            } else {
                try stretch(frame, into: s, at: area)
            }
        }
        if holdsLast {
            shown = SDL_Rect(
                x: Int32(area.x0 + changed.x0), y: Int32(area.y0 + changed.y0),
                w: Int32(changed.width), h: Int32(changed.height))
        } else {
            copied = same ? (current, s, s.pointee.pixels, area) : nil
            shown = nil
        }
    }

    func present() throws {
        guard placement != nil else { return }
        if var part = shown {
            // Only what changed goes to the X server; nothing when nothing did.
            if part.w > 0, part.h > 0 {
                try check(SDL_UpdateWindowSurfaceRects(window.pointer, &part, 1), "SDL_UpdateWindowSurfaceRects")
            }
        } else {
            try check(SDL_UpdateWindowSurface(window.pointer), "SDL_UpdateWindowSurface")
        }
        skipping = false
        if Self.trimAfterFrames.contains(schedule.framesAtSize) { _ = Self.mallocTrim?(0) }
    }

    /// The format `frame`'s bytes can be read as on `s`: the frame is opaque, so its ARGB
    /// bytes are also valid XRGB, and when the surface is either the copy is a plain one.
    private func sourceFormat(for s: UnsafeMutablePointer<SDL_Surface>) -> UInt32 {
        let format = s.pointee.format.pointee.format
        return format == SDL_PIXELFORMAT_RGB888.rawValue ? format : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// Copies `part` of `frame` (frame pixels) to its place in `area` of `s`.
    private func copy(
        _ frame: PixelBuffer, part: PixelRect, into s: UnsafeMutablePointer<SDL_Surface>,
        at area: PixelRect
    ) throws {
        guard !part.isEmpty else { return }
        let format = s.pointee.format.pointee
        let pitch = Int(s.pointee.pitch)
        let origin = s.pointee.pixels + (area.y0 + part.y0) * pitch + (area.x0 + part.x0) * Int(format.BytesPerPixel)
        try check(
            SDL_ConvertPixels(
                Int32(part.width), Int32(part.height), sourceFormat(for: s),
                frame.pixels + part.y0 * frame.width + part.x0,
                Int32(frame.pitch), format.format, origin, Int32(pitch)), "SDL_ConvertPixels")
    }

    /// Stretches `frame` over `area` of `s`. When the formats agree (SDL's soft stretches need
    /// that): by the nearest pixel from twice the size on, where each source pixel covers a
    /// block anyway and a bilinear stretch of a window that large would cost most of a frame,
    /// else bilinear. Otherwise SDL's general scaled blit.
    private func stretch(_ frame: PixelBuffer, into s: UnsafeMutablePointer<SDL_Surface>, at area: PixelRect) throws {
        let format = sourceFormat(for: s)
        if let source = stretchSource, source.buffer !== frame || source.surface.pointee.format.pointee.format != format {
            releaseStretchSource()
        }
        if stretchSource == nil {
            guard
                let made = SDL_CreateRGBSurfaceWithFormatFrom(
                    frame.pixels, Int32(frame.width), Int32(frame.height),
                    32, Int32(frame.pitch), format)
            else {
                return skipFrames("\(SDLError.failed("SDL_CreateRGBSurfaceWithFormatFrom"))")
            }
            stretchSource = (frame, made)
        }
        guard let source = stretchSource?.surface else { return }
        var dest = SDL_Rect(x: Int32(area.x0), y: Int32(area.y0), w: Int32(area.width), h: Int32(area.height))
        if format == s.pointee.format.pointee.format, area.width >= 2 * frame.width {
            try check(SDL_SoftStretch(source, nil, s, &dest), "SDL_SoftStretch")
        } else if format == s.pointee.format.pointee.format {
            try check(SDL_SoftStretchLinear(source, nil, s, &dest), "SDL_SoftStretchLinear")
        } else {
            try check(SDL_UpperBlitScaled(source, nil, s, &dest), "SDL_BlitScaled")
        }
    }

    /// The surface's memory as the frame, when frames may be drawn into it and the studio
    /// fills all of it at the size it is drawn, in rows of packed 32-bit pixels whose bytes
    /// read as the frame's (see `sourceFormat`); nil otherwise. The same buffer while the
    /// surface stays, as the layer cache needs.
    private func surfaceFrame(
        _ s: UnsafeMutablePointer<SDL_Surface>, area: PixelRect, size: (width: Int, height: Int)
    ) -> PixelBuffer? {
        let format = s.pointee.format.pointee.format
        guard drawsIntoSurface, size == (area.width, area.height), area.x0 == 0, area.y0 == 0,
            area.width == Int(s.pointee.w), area.height == Int(s.pointee.h),
            Int(s.pointee.pitch) == area.width * 4, s.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
            format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
            let pixels = s.pointee.pixels
        else {
            surfaceFrame = nil
            return nil
        }
        if let f = surfaceFrame, f.surface == s, f.pixels == pixels, f.buffer.width == area.width,
            f.buffer.height == area.height
        {
            return f.buffer
        }
        // Made before the last one goes, so the two are never one object to the layer cache.
        let made = PixelBuffer(
            borrowing: pixels.assumingMemoryBound(to: UInt32.self), width: area.width, height: area.height)
        surfaceFrame = (made, s, pixels)
        return made
    }

    /// Paints black what lies outside `area` on a surface not painted yet.
    private func paintBars(_ s: UnsafeMutablePointer<SDL_Surface>, around area: PixelRect) throws {
        let w = s.pointee.w, h = s.pointee.h
        if let p = paintedSurface, p.surface == s, p.pixels == s.pointee.pixels, p.width == w, p.height == h { return }
        let black = SDL_MapRGB(s.pointee.format, 0, 0, 0)
        let x0 = Int32(area.x0), y0 = Int32(area.y0), x1 = Int32(area.x1), y1 = Int32(area.y1)
        let bars = [
            SDL_Rect(x: 0, y: 0, w: w, h: y0), SDL_Rect(x: 0, y: y1, w: w, h: h - y1),
            SDL_Rect(x: 0, y: y0, w: x0, h: y1 - y0), SDL_Rect(x: x1, y: y0, w: w - x1, h: y1 - y0),
        ]
        for var bar in bars where bar.w > 0 && bar.h > 0 {
            try check(SDL_FillRect(s, &bar, black), "SDL_FillRect")
        }
        paintedSurface = (s, s.pointee.pixels, w, h)
    }

    /// Skips this frame for want of memory (SDL could not allocate what it needs to show
    /// it): warns once until a frame is shown again, and frees what the last size held so
    /// that a window too large for memory does not keep more of it.
    private func skipFrames(_ why: String) {
        placement = nil
        release()
        paintedSurface = nil
        guard !skipping else { return }
        skipping = true
        warn("\(why); frames are skipped until the window is smaller (at most \(WindowBounds.maxSide) on a side)")
    }

    /// Frees the raster buffer and what wraps it.
    private func release() {
        if let raster, stretchSource?.buffer === raster { releaseStretchSource() }
        raster = nil
    }

    /// glibc's `malloc_trim` (in `malloc.h`, which Swift's Glibc module leaves out), looked up
    /// once; nil where the C library has none. Buffers under glibc's mmap threshold (which
    /// rises to 32 MB after large frees) come from the heap, and without a trim the pages a
    /// resize storm's many sizes freed stay resident after the window shrinks.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    private func releaseStretchSource() {
        if let source = stretchSource { SDL_FreeSurface(source.surface) }
        stretchSource = nil
    }
}
