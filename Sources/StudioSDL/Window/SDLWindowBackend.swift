import CSDL2
import Foundation
import StudioKit

/// The desktop backend: one resizable window showing the 720x1280 studio letterboxed at
/// any window size, with mouse, touch and keyboard input in logical pixels.
///
/// Needs a display; without one `init` throws `SDLError.noDisplay`, whose message points
/// to `xvfb-run` and to the headless mode (`OffscreenBackend`).
public final class SDLWindowBackend: Backend {
    public struct Options: Sendable {
        /// Initial window size in screen coordinates; the default fits a laptop screen.
        public var windowSize: Size
        /// Wait for the display's refresh in `present` (paces the loop at the monitor's rate).
        public var vsync: Bool
        /// Use SDL's software renderer even when a GPU renderer is available.
        public var forceSoftware: Bool
        public var title: String
        public var fontPaths: FontPaths
        /// The folder holding `images/<name>.png`.
        public var assetsDirectory: String

        public init(windowSize: Size = Size(width: 405, height: 720), vsync: Bool = true,
                    forceSoftware: Bool = false, title: String = "LiveStudio",
                    fontPaths: FontPaths = FontPaths(), assetsDirectory: String = "Assets") {
            self.windowSize = windowSize
            self.vsync = vsync
            self.forceSoftware = forceSoftware
            self.title = title
            self.fontPaths = fontPaths
            self.assetsDirectory = assetsDirectory
        }
    }

    public let options: Options
    public let fonts: FontLibrary
    /// Draws display lists into the window; its stats and caches are public.
    public let drawer: DisplayListRenderer
    private let measurer: TTFTextMeasurer
    private var translator = SDLInputTranslator()
    private var lastEventTime = -Double.infinity
    private var screenshotTarget: OffscreenTarget?

    /// Opens the window and its renderer.
    ///
    /// - Parameter environment: consulted for `DISPLAY` / `WAYLAND_DISPLAY`.
    /// - Throws: `SDLError.noDisplay` without a display, `.fontMissing` without fonts,
    ///   `.callFailed` when SDL cannot make the window or any renderer.
    public init(options: Options = Options(),
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let runtime = try SDLRuntime(video: true, environment: environment)
        fonts = try FontLibrary(paths: options.fontPaths, runtime: runtime)
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // Clamped so an absurd size cannot trap in Int32(_:); SDL and the window manager
        // shrink a window that does not fit the screen anyway.
        func pixels(_ v: Double) -> Int32 { v.isFinite ? Int32(min(max(v.rounded(), 1), 16384)) : 720 }
        guard let window = SDL_CreateWindow(options.title, centered, centered, pixels(options.windowSize.width),
                                            pixels(options.windowSize.height), flags) else {
            throw SDLError.failed("SDL_CreateWindow")
        }
        let renderer: OpaquePointer
        do {
            renderer = try Self.makeRenderer(window, options)
        } catch {
            SDL_DestroyWindow(window)
            throw error
        }
        // From here the handle owns the renderer and the window.
        let handle = RendererHandle(renderer: renderer, window: window, runtime: runtime)
        // SDL scales the 720x1280 logical frame to the window, keeps its aspect with
        // black bars, and converts mouse coordinates back to logical pixels for us.
        try check(SDL_RenderSetLogicalSize(renderer, Int32(Size.studio.width), Int32(Size.studio.height)),
                  "SDL_RenderSetLogicalSize")
        self.options = options
        drawer = DisplayListRenderer(target: handle, fonts: fonts, assetsDirectory: options.assetsDirectory)
        measurer = TTFTextMeasurer(fonts: fonts)
    }

    private static func makeRenderer(_ window: OpaquePointer, _ options: Options) throws -> OpaquePointer {
        let vsync = options.vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        var failures: [String] = []
        if !options.forceSoftware {
            if let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | vsync) { return r }
            failures.append("accelerated: \(SDLError.lastMessage)")
        }
        // No GPU (or asked for none): SDL's software renderer works everywhere, Xvfb included.
        if let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | vsync) { return r }
        failures.append("software: \(SDLError.lastMessage)")
        throw SDLError.callFailed(call: "SDL_CreateRenderer", message: failures.joined(separator: "; "))
    }

    public var textMeasurer: TextMeasurer { measurer }

    /// The `SDL_Window*` (owned by `drawer.target`), for callers that need SDL directly,
    /// for example to change the title.
    public var window: OpaquePointer { drawer.target.window! }

    /// The SDL render driver in use, for example "opengl" or "software".
    public var rendererName: String { drawer.target.driverName }

    /// Drains SDL's event queue into studio input.
    ///
    /// Each event is stamped with `now` minus its age by SDL's millisecond clock, so a
    /// swipe's samples keep their spacing even though they are read once a frame; stamps
    /// never go backwards and never pass `now`.
    ///
    /// - Complexity: O(events since the last call).
    public func pollInput(now: Double) -> [InputEvent] {
        var out: [InputEvent] = []
        var event = SDL_Event()
        let ticks = Int64(SDL_GetTicks())
        let logical = drawer.logicalSize
        while SDL_PollEvent(&event) != 0 {
            let age = Double(max(0, ticks - Int64(event.common.timestamp))) / 1000
            let time = min(now, max(lastEventTime, now - age))
            lastEventTime = time
            translator.translate(event, time: time, touchToLogical: { nx, ny in
                // With a logical size set, SDL's renderer has already re-normalized finger
                // positions from the window to the letterboxed logical area (checked with
                // SDL 2.26 under Xvfb), so 0...1 spans the studio, not the window.
                Point(x: Double(nx) * logical.width, y: Double(ny) * logical.height)
            }, into: &out)
        }
        return out
    }

    /// Clears the window to black (the letterbox bars too) and draws `list`.
    ///
    /// - Complexity: see `DisplayListRenderer.render`; the GPU does the pixels.
    public func render(_ list: DisplayList) throws {
        let renderer = drawer.target.pointer
        try check(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(renderer), "SDL_RenderClear")
        try drawer.render(list)
    }

    /// Shows the rendered frame (waits for vsync when enabled).
    public func present() throws {
        SDL_RenderPresent(drawer.target.pointer)
    }

    /// Writes `list` as a 720x1280 PNG.
    ///
    /// Reading the window back would give the frame at the window's scale with letterbox
    /// bars, and `SDL_RenderReadPixels` under a logical size is unreliable across drivers;
    /// so the same display list is rendered again offscreen (software renderer, same
    /// fonts and assets). The result is the logical frame; a GPU may differ from it by
    /// anti-aliasing at edges.
    public func screenshot(_ list: DisplayList, to path: String) throws {
        let target = try screenshotTarget ?? OffscreenTarget(fonts: fonts, assetsDirectory: options.assetsDirectory)
        screenshotTarget = target
        try target.render(list)
        try target.writePNG(to: path)
    }
}
