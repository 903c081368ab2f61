import CSDL2
import StudioKit

/// Shows rasterized frames in the window. Two ways, chosen once when the window opens:
///
/// - `TexturePresenter`: a GPU renderer scales one streaming texture to the window and can
///   wait for vsync. Best where GL runs on a graphics card.
/// - `SurfacePresenter`: the frame is rasterized at the window's own size and copied into
///   the window's surface (X11 shared memory). Best where GL itself runs on the CPU, as
///   Mesa's llvmpipe does under Xvfb: there the texture path uploads, draws and swaps
///   through llvmpipe on the CPU, several times the cost of copying into the surface.
protocol FramePresenter: AnyObject {
    var window: SDLWindow { get }
    /// What presents, for reports: "opengl", or "surface (why)".
    var driverName: String { get }
    /// True when `present` waits for the display's real refresh.
    var hasVSync: Bool { get }
    /// How the window's input positions map to logical pixels at the moment.
    var inputMapping: InputMapping { get }
    /// The buffer to rasterize the next frame into: `logicalFrame`, or one of the window's
    /// own size; nil when the window has no pixels (minimized).
    func target(logicalFrame: PixelBuffer) throws -> PixelBuffer?
    /// Hands the rasterized `frame` to the window (not yet visible). Only `changed` (frame
    /// pixels) differs from the frame uploaded last time, when that was this same buffer;
    /// a presenter may copy just that part.
    func upload(_ frame: PixelBuffer, changed: PixelRect) throws
    /// Shows what `upload` handed over.
    func present() throws
    /// Called for every window event (resized, exposed, ...), before the next `target`.
    func windowChanged()
    /// True, once, when the frame `target` just gave is the first drawn at the exact size
    /// of a window that was resized and has now held its size: what was made for the
    /// sizes passed through (fonts at their scales) can go.
    func takeResizeSettled() -> Bool
    /// The raster size a resized window will soon be drawn at, whose text and images the
    /// frame `target` just gave should start making; nil when there is none.
    var preparing: (width: Int, height: Int)? { get }
    /// True when the buffer `target` gave last may be freed by the next `target` (it is
    /// the window's own memory, and a window event may replace it): the frame still being
    /// drawn into it must be finished first.
    var mustFinishDrawingBeforeTarget: Bool { get }
}

extension FramePresenter {
    func windowChanged() {}
    func takeResizeSettled() -> Bool { false }
    var preparing: (width: Int, height: Int)? { nil }
    var mustFinishDrawingBeforeTarget: Bool { false }
}

/// An `SDL_Window*` and the SDL runtime it needs, destroyed when the last presenter using
/// it goes (after the presenter's own renderer and texture).
final class SDLWindow {
    let pointer: OpaquePointer
    let runtime: SDLRuntime

    init(_ pointer: OpaquePointer, runtime: SDLRuntime) {
        self.pointer = pointer
        self.runtime = runtime
    }

    deinit { SDL_DestroyWindow(pointer) }

    /// The window's size in the coordinates mouse events use.
    var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(pointer, &w, &h)
        return (Int(w), Int(h))
    }
}

enum FramePresenters {
    /// The presenter for `window`: the surface when asked (`forceSoftware`), when there is no
    /// GPU renderer, or when the GPU renderer is a CPU rasterizer in disguise; the texture
    /// presenter otherwise.
    static func make(
        for window: SDLWindow, logicalSize: Size, vsync: Bool,
        forceSoftware: Bool
    ) throws -> FramePresenter {
        if forceSoftware {
            return try SurfacePresenter(window: window, logicalSize: logicalSize, reason: "asked for")
        }
        // Asked in a child first, so that a CPU rasterizer is never loaded here; when the
        // child cannot say, the renderer is made and asked here.
        switch RendererProbe.run() {
        case .gl(let name)? where RendererProbe.isCPURasterizer(name):
            return try SurfacePresenter(window: window, logicalSize: logicalSize, reason: "GL is \(name)")
        case .none(let why)?:
            return try SurfacePresenter(window: window, logicalSize: logicalSize, reason: "no GPU renderer: \(why)")
        default:
            break
        }
        guard let renderer = SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_ACCELERATED.rawValue) else {
            return try SurfacePresenter(
                window: window, logicalSize: logicalSize,
                reason: "no GPU renderer: \(SDLError.lastMessage)")
        }
        if let cpu = cpuRasterizer(behind: renderer) {
            SDL_DestroyRenderer(renderer)
            return try SurfacePresenter(window: window, logicalSize: logicalSize, reason: "GL is \(cpu)")
        }
        do {
            return try TexturePresenter(window: window, renderer: renderer, logicalSize: logicalSize, vsync: vsync)
        } catch {
            // The texture presenter has destroyed the renderer; the window's surface needs
            // no GPU memory, so a session whose texture cannot be made still shows frames.
            return try SurfacePresenter(window: window, logicalSize: logicalSize, reason: "the GPU texture failed: \(error)")
        }
    }

    /// The GL renderer's name when it rasterizes on the CPU (Mesa's llvmpipe, softpipe or
    /// swrast), read with `glGetString(GL_RENDERER)` while the renderer's context is current.
    private static func cpuRasterizer(behind renderer: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let cName = info.name,
            String(cString: cName).hasPrefix("opengl"),
            let getString = SDL_GL_GetProcAddress("glGetString")
        else { return nil }
        typealias GLGetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01
        guard let text = unsafeBitCast(getString, to: GLGetString.self)(glRenderer) else { return nil }
        let name = String(cString: text)
        return RendererProbe.isCPURasterizer(name) ? name : nil
    }
}
