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
        package var windowSize: Size
        /// Wait for the display's refresh in `present` (paces the loop at the monitor's
        /// rate) where the driver can; see `hasVSync`.
        package var vsync: Bool
        /// Present through the window's surface even when a GPU renderer is available (the
        /// frame itself is always rasterized on the CPU; this only picks who shows it, see
        /// `FramePresenter`).
        package var forceSoftware: Bool
        public var title: String
        package var fontPaths: FontPaths
        /// The folder holding `images/<name>.png`.
        package var assetsDirectory: String

        public init(
            windowSize: Size = Size(width: 405, height: 720), vsync: Bool = true,
            forceSoftware: Bool = false, title: String = "LiveStudio",
            fontPaths: FontPaths = FontPaths(), assetsDirectory: String = "Assets"
        ) {
            self.windowSize = windowSize
            self.vsync = vsync
            self.forceSoftware = forceSoftware
            self.title = title
            self.fontPaths = fontPaths
            self.assetsDirectory = assetsDirectory
        }
    }

    public let options: Options
    package let fonts: FontLibrary
    /// Draws display lists into `frame`; its stats and caches are public.
    package let rasterizer: DisplayListRasterizer
    /// The 720x1280 frame (premultiplied, opaque): what the window shows at that size, and
    /// what screenshots are rasterized into.
    public let frame: PixelBuffer
    private let presenter: FramePresenter
    private let measurer: TTFTextMeasurer
    private var translator = SDLInputTranslator()
    private var lastEventTime = -Double.infinity

    // The bands may still be drawing behind into the window's own memory, which goes with
    // the window (`SurfacePresenter`).
    deinit { stop() }

    /// Finishes the frame still drawing behind the loop (the screen recorder gets it), as
    /// the loop stops: the window's memory it draws into goes with the window, and at the
    /// process's exit the threads drawing it would outlive what they use.
    public func stop() { finishDrawn() }

    /// Opens the window and what presents frames in it (see `FramePresenter`).
    ///
    /// - Parameter environment: consulted for `DISPLAY` / `WAYLAND_DISPLAY`.
    /// - Throws: `SDLError.noDisplay` without a display, `.fontMissing` without fonts,
    ///   `.callFailed` when SDL cannot make the window, any renderer or the texture.
    public init(
        options: Options = Options(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let runtime = try SDLRuntime(video: true, environment: environment)
        if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11" { DisplayLoss.install(environment: environment) }
        fonts = try FontLibrary(paths: options.fontPaths, runtime: runtime)
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // Clamped to the stated bound (`studio run --size` refuses more); SDL and the window
        // manager shrink a window that does not fit the screen anyway.
        let side = Double(WindowBounds.maxSide)
        func pixels(_ v: Double) -> Int32 { v.isFinite ? Int32(clamping: min(max(v.rounded(), 1), side)) : 720 }
        guard
            let window = SDL_CreateWindow(
                options.title, centered, centered, pixels(options.windowSize.width),
                pixels(options.windowSize.height), flags)
        else {
            throw SDLError.failed("SDL_CreateWindow")
        }
        // A hint to the window manager, which may ignore it: the presenters bound what they
        // allocate themselves (see `SurfacePresenter`).
        SDL_SetWindowMaximumSize(window, Int32(WindowBounds.maxSide), Int32(WindowBounds.maxSide))
        let size = Size.studio
        presenter = try FramePresenters.make(
            for: SDLWindow(window, runtime: runtime), logicalSize: size,
            vsync: options.vsync, forceSoftware: options.forceSoftware)
        frame = PixelBuffer(width: Int(clamping: size.width), height: Int(clamping: size.height))
        self.options = options
        rasterizer = DisplayListRasterizer(fonts: fonts, assetsDirectory: options.assetsDirectory, logicalSize: size)
        measurer = TTFTextMeasurer(fonts: fonts)
    }

    public var textMeasurer: TextMeasurer { measurer }

    /// The `SDL_Window*` (owned by the backend), for callers that need SDL directly,
    /// for example to change the title.
    public var window: OpaquePointer { presenter.window.pointer }

    /// Sets the window's title.
    package func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// True when `present` waits for the display's refresh: vsync was asked for and the
    /// driver really has it (under Xvfb it does not, and the loop's pacing alone keeps
    /// 60 fps).
    package var hasVSync: Bool { presenter.hasVSync }

    /// What presents frames: an SDL render driver ("opengl"), or "surface (why)".
    package var rendererName: String { presenter.driverName }

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
        let mapping = presenter.inputMapping
        while SDL_PollEvent(&event) != 0 {
            let age = Double(max(0, ticks - Int64(event.common.timestamp))) / 1000
            let time = min(now, max(lastEventTime, now - age))
            lastEventTime = time
            if event.type == SDL_WINDOWEVENT.rawValue { presenter.windowChanged() }
            translator.translate(event, time: time, mapping: mapping, into: &out)
        }
        return out
    }

    /// Rasterizes `list` into the presenter's target, behind the loop (`drawsBehind`): its
    /// prepass runs now, while the bands still draw the last frame; then that frame goes to
    /// the window (not yet visible: `present` shows it), and this one's bands start, drawing
    /// while the loop updates and draws the next. Nothing is drawn while the window has no
    /// pixels (minimized).
    ///
    /// - Complexity: see `DisplayListRasterizer.render`, plus one copy of what changed in
    ///   the frame (none where the frame is the window's own surface).
    public func render(_ list: DisplayList) throws {
        // The frame still drawing into the window's own memory is finished before a window
        // event lets SDL replace that memory.
        if presenter.mustFinishDrawingBeforeTarget, let lastTarget { try uploadDrawn(to: lastTarget) }
        guard let target = try presenter.target(logicalFrame: frame) else {
            // Nothing to show it in: the frame still drawing is finished (the recorder gets it), not shown.
            finishDrawn()
            lastTarget = nil
            return
        }
        // The text of this frame is set at the window's new scale; the fonts opened for the
        // scales the resize passed through would otherwise stay open (see `FontLibrary`).
        if presenter.takeResizeSettled() { fonts.closeAll() }
        if let size = presenter.preparing {
            try rasterizer.prepare(list, width: size.width, height: size.height, newTexts: Self.textsPreparedPerFrame)
        }
        lastTarget = target
        try rasterizer.compile(list, for: target)
        framesCompiled += 1
        try uploadDrawn(to: target)
        // Timing each widget's share of the bands reads the costs of this very list.
        if drawsBehind, !rasterizer.measuresItemCosts {
            drawsAfterPresent = true
        } else {
            drawingNumber = framesCompiled
            rasterizer.draw(into: target, background: .black, behind: false)
            try uploadDrawn(to: target)
        }
    }

    /// Whether frames are drawn behind the loop (see `render`): a frame then reaches the
    /// window one frame later, and the prepass, the simulation and the drawing of widgets
    /// run on the loop's thread while the bands draw on the other cores; off, `render`
    /// returns with the frame drawn, as offscreen.
    package var drawsBehind = true
    /// The buffer the last frame was drawn into.
    private var lastTarget: PixelBuffer?
    /// Whether `present` starts drawing the frame `render` compiled.
    private var drawsAfterPresent = false
    /// How many frames `render` compiled; the frame being drawn is the `drawingNumber`th.
    package private(set) var framesCompiled = 0
    private var drawingNumber = 0

    /// Hands the frame the rasterizer finished drawing, if any, to the screen recorder and
    /// the window. One drawn into another buffer than `target` (the window's size changed
    /// since) is not shown: `target` gets the next one.
    private func uploadDrawn(to target: PixelBuffer) throws {
        guard let drawn = finishDrawn(), drawn === target else { return }
        try presenter.upload(drawn, changed: rasterizer.damage)
    }

    /// Finishes the frame drawing behind the loop, if any, and hands it to the screen
    /// recorder; returns it.
    @discardableResult
    private func finishDrawn() -> PixelBuffer? {
        guard let drawn = rasterizer.finishDrawing() else { return nil }
        frameRendered?(drawn, drawingNumber)
        return drawn
    }

    /// Sees each frame as rendered, the studio's area at the size the window shows it (a
    /// screen recorder copies it from here), on the loop thread; it must not keep the buffer.
    /// With the frame, its number: the `framesCompiled` of the `render` that compiled it (a
    /// frame drawn behind arrives during the next `render`).
    package var frameRendered: ((PixelBuffer, _ number: Int) -> Void)?

    /// How many text lines a frame of a resize sets at the coming size (`ResizeSchedule`):
    /// a room shows about a hundred, so the frames while a size settles make them all, each
    /// adding a few lines' worth of work to a frame that only stretches the last raster.
    static let textsPreparedPerFrame = 16

    /// Shows the rendered frame (waits for the display's refresh when `hasVSync`).
    public func present() throws {
        try presenter.present()
        // After the window has its copy: the display server copies it while the bands
        // would otherwise take every core.
        if drawsAfterPresent, let lastTarget {
            drawsAfterPresent = false
            drawingNumber = framesCompiled
            rasterizer.draw(into: lastTarget, background: .black, behind: true)
        }
    }

    /// Writes `list` as a 720x1280 PNG: rasterized into the frame the window shows, with
    /// the same rasterizer, so for the list on screen it is exactly the window's picture
    /// at logical size (the rasterizer is deterministic), without reading the GPU back.
    package func screenshot(_ list: DisplayList, to path: String) throws {
        // The frame still drawing goes to the window first: the window's copy of the frame
        // is kept up to date by what changed from frame to frame.
        if let lastTarget { try uploadDrawn(to: lastTarget) } else { finishDrawn() }
        try rasterizer.render(list, into: frame, background: .black)
        try PNGWriter.write(frame, hasAlpha: false, to: path)
    }
}
