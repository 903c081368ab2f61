import Dispatch
import Foundation
import StudioKit

/// Renders a `DisplayList` into a `PixelBuffer` on the CPU: our own rasterizer, used for
/// the window and offscreen alike, so both show the same pixels.
///
/// A render has two phases. The prepass (`FrameCompiler`, calling thread) resolves clips,
/// culls, flattens rotated shapes and fills the text and image caches. Then the frame is
/// split into horizontal bands drawn concurrently (`DispatchQueue.concurrentPerform`),
/// each walking every op cut to its rows. Each pixel is written by exactly one band, in
/// list order, so the result is bit-identical to a single-band render.
///
/// Not thread-safe itself: call it from one thread at a time (the loop thread). A frame
/// can also be drawn behind that thread (`compile`, then `draw(...behind: true)`): its bands
/// then run while the thread compiles the next one.
public final class DisplayListRasterizer {
    package let fonts: FontLibrary
    package let textCache: TextCache
    package let imageCache: ImageCache
    /// The coordinate space of display lists: the studio's logical size. A buffer of
    /// another size shows it scaled to fit, centred.
    package let logicalSize: Size
    /// How many horizontal bands a frame is split into (1: no concurrency).
    package var bandCount: Int
    /// What the last `render` did.
    package private(set) var lastStats = RenderStats()
    /// How long the bands took to draw the last frame finished, start to end, in nanoseconds.
    package private(set) var lastDrawNanos: UInt64 = 0
    /// Stores opaque pixels instead of blending them; the same result either way (a test
    /// turns it off to prove that).
    var opaqueFastPath = true
    /// Whether frames are composited from cached layer surfaces (`LayerCompositor`), each
    /// re-rasterized only where its items changed; off, every frame is drawn whole, directly
    /// into the frame.
    package var composites = true {
        didSet {
            guard !composites else { return }
            finishDrawing()
            compositor.reset()
        }
    }
    /// Bytes the layer surfaces may hold. A frame whose surfaces would not fit is drawn whole
    /// instead, and `warn` says so once.
    ///
    /// The surfaces a frame takes follow from its size and its layers: one per run of a
    /// layer's items but the top one, which is the frame (3.5 MiB each at 720x1280, so
    /// 14 MiB for a room's five layers). The budget is only a guard for the machine: by
    /// default an eighth of its memory (`LayerCompositor.defaultBudget`), so that a window
    /// of any size caches its layers where that leaves the machine room, and a huge one on a
    /// small machine is drawn whole rather than take its memory.
    package var surfaceBudget: Int {
        get { compositor.budget }
        set {
            compositor.budget = max(0, newValue)
            overBudgetWarned = false
        }
    }
    /// Bytes the layer surfaces hold now.
    package var surfaceBytes: Int { compositor.bytes }
    /// The part of the frame the last render changed (everything when it drew directly).
    package var lastDamage: (x: Int, y: Int, width: Int, height: Int) {
        let d = lastDamageRect
        return (d.x0, d.y0, d.width, d.height)
    }
    /// The part of the frame the last render changed, in pixels.
    var damage: PixelRect { lastDamageRect }
    /// Where the rasterizer says that it fell back to drawing whole frames.
    package var warn: (String) -> Void = { message in
        ToolName.say("warning: \(message)")
    }
    /// Records the prepass on the calling thread and each band's work, per layer, on the
    /// thread that did it (nil: not tracing).
    package var tracer: Tracer?
    /// Whether each render times the raster threads' work per display-list item into
    /// `lastItemNanos` (a profiler sums them per widget). Off by default: it reads the clock
    /// twice per op and run of tiles.
    package var measuresItemCosts = false
    /// When `measuresItemCosts`: the nanoseconds the bands spent drawing each item of the
    /// last list rendered (index i for item i), summed over bands; empty otherwise. Making
    /// text masks and sprite pictures is the prepass's and is not in it.
    package private(set) var lastItemNanos: [UInt64] = []
    /// Tints what each frame drew again, colored by how often each tile is drawn (the
    /// inspector's F1): a still room shows nothing, a scrolling comment a trail of tiles.
    package var showsRepaints = false
    /// Every how many composited frames the frame is drawn whole once more and compared with
    /// the cached one (0: never). Debug builds check every 120th: a cache that kept a tile
    /// whose items changed would show there, and the warning names the layer and the items.
    var verifyEvery: Int = {
        #if DEBUG
        return 120
        #else
        return 0
        #endif
    }()
    /// Composited frames that differed from the same frame drawn whole (see `verifyEvery`).
    package internal(set) var cacheMismatches = 0
    private var composited = 0
    var verifyScratch: PixelBuffer?
    private var overBudgetWarned = false
    private var lastDamageRect = PixelRect.empty
    let compositor = LayerCompositor(budget: LayerCompositor.defaultBudget)
    /// The compiler of the frame drawn last (or being drawn), and the one the next list
    /// compiles into: two, so that a window compiles a frame while the bands still draw the
    /// last one (`draw(...behind: true)`). `draw` swaps them.
    private var compiler: FrameCompiler
    private var nextCompiler: FrameCompiler
    /// What the last `compile` made, until `draw` draws it.
    private var compiled: Compiled?
    /// The frame being drawn, until `finishDrawing`.
    private var drawing: DrawingJob?
    /// Where frames are drawn behind the caller; its thread starts the bands, and is one of
    /// them, as the caller's thread is for a frame drawn in front.
    private let drawQueue = DispatchQueue(label: "LiveStudio raster")
    private let drawGroup = DispatchGroup()
    private let sprites: SpriteCache
    /// Shared by both compilers, which compile on the caller's thread one at a time.
    private let roundBoxes = RoundBoxCoverageCache()
    /// Bytes of round boxes' rows kept from frame to frame.
    package var roundBoxBytes: Int { roundBoxes.bytes }
    /// Bytes of sprite pictures kept, and the most they may take.
    package var spriteBytes: Int { sprites.bytes }
    package var spriteBudget: Int {
        get { sprites.budget }
        set { sprites.budget = newValue }
    }
    var scratch: [BandScratch] = []

    /// Four bands per core (at most 16): bands differ in cost (the comment list sits low,
    /// the host info high), and when a core is taken by another process mid-frame, small
    /// bands let the other thread take over the rest. A band costs little more than a
    /// walk over the ops (measured on 2 cores: 8 bands had the steadiest p99).
    /// Cores the process may use, read once: every render's utilisation divides by it.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    public static var defaultBandCount: Int {
        min(max(4 * cores, 1), 16)
    }

    /// - Parameters:
    ///   - assetsDirectory: the folder holding `images/<name>.png`.
    ///   - textCacheCapacity: most text masks kept.
    public init(
        fonts: FontLibrary, assetsDirectory: String, logicalSize: Size = .studio,
        textCacheCapacity: Int = TextCache.defaultCapacity, bandCount: Int = DisplayListRasterizer.defaultBandCount
    ) {
        self.fonts = fonts
        self.logicalSize = logicalSize
        self.bandCount = bandCount
        textCache = TextCache(fonts: fonts, capacity: textCacheCapacity)
        imageCache = ImageCache(assetsDirectory: assetsDirectory, runtime: fonts.runtime)
        sprites = SpriteCache(textCache: textCache, imageCache: imageCache)
        compiler = FrameCompiler(textCache: textCache, imageCache: imageCache, sprites: sprites, roundBoxes: roundBoxes)
        nextCompiler = FrameCompiler(textCache: textCache, imageCache: imageCache, sprites: sprites, roundBoxes: roundBoxes)
    }

    /// Makes `frame` show `list` over `background`: through the layer cache (`composites`),
    /// drawing only the tiles whose items changed since the last render into this same
    /// frame, and all of them into another; else drawn whole. The pixels are the same.
    ///
    /// - Complexity: O(items) for the prepass (plus rendering text, sprites and loading
    ///   images the caches do not hold yet), then the changed tiles' pixels (all covered
    ///   pixels when drawn whole), split over `bandCount` threads.
    ///   `studio bench --headless` reports its cost as the render phase.
    /// - Throws: `SDLError` when a font cannot be loaded; `frame` is then left as it was.
    ///   An image that cannot be loaded is drawn as a placeholder (`imageCache.failures`
    ///   lists them).
    package func render(_ list: DisplayList, into frame: PixelBuffer, background: Color) throws {
        try compile(list, for: frame)
        draw(into: frame, background: background, behind: false)
    }

    /// The first half of `render`, for a caller that draws behind (`draw(...behind: true)`):
    /// the prepass of `list` for `frame`'s size. It leaves the frame still being drawn, and
    /// the frame, alone: a window compiles its next frame while the bands draw the last.
    ///
    /// - Throws: as `render`; nothing is then drawn until the next `compile` succeeds.
    package func compile(_ list: DisplayList, for frame: PixelBuffer) throws {
        compiled = nil
        textCache.beginFrame()
        imageCache.beginFrame()
        sprites.beginFrame()
        let hits = textCache.hits, misses = textCache.misses
        let spriteHits = sprites.hits, spriteMisses = sprites.misses
        let letterbox = Letterbox(logicalSize: logicalSize, containerWidth: frame.width, height: frame.height)
        let screen = letterbox.rect
        do {
            let begin = tracer != nil ? Tracer.now() : 0
            nextCompiler.hashesOps = composites
            try nextCompiler.compile(list, screen: screen, device: letterbox.transform)
            tracer?.span(
                "compile", category: "raster", since: begin, thread: "loop",
                args: "\"items\":\(list.count),\"ops\":\(nextCompiler.ops.count)")
        } catch {
            lastStats = nextCompiler.stats
            throw error
        }
        var stats = nextCompiler.stats
        stats.textCacheHits = textCache.hits - hits
        stats.textCacheMisses = textCache.misses - misses
        stats.spriteCacheHits = sprites.hits - spriteHits
        stats.spriteCacheMisses = sprites.misses - spriteMisses
        compiled = Compiled(list: list, screen: screen, width: frame.width, height: frame.height, stats: stats)
    }

    /// The second half of `render`: draws what `compile` made of the last list into `frame`
    /// (of the size it was compiled for), finishing the frame still being drawn first.
    /// `behind`: returns as soon as the bands start, which draw on while the caller goes on
    /// (with anything but this rasterizer's drawing, the frame, and the surface budget);
    /// `finishDrawing` waits for them. Otherwise returns when the frame is drawn.
    public func draw(into frame: PixelBuffer, background: Color, behind: Bool) {
        finishDrawing()
        guard let compiled, compiled.width == frame.width, compiled.height == frame.height else { return }
        self.compiled = nil
        swap(&compiler, &nextCompiler)
        let bands = prepareBands(for: frame, items: compiled.list.count)
        var job = DrawingJob(
            rasterizer: self, compiler: compiler, frame: frame, compiled: compiled, background: background,
            bands: bands, scratch: scratch, opaqueFastPath: opaqueFastPath, tracer: tracer, plan: nil)
        if composites, fitsSurfaces(frame) {
            job.plan = compositor.plan(compiler, into: frame, background: PixelMath.premultiplied(background))
            composited += 1
        }
        drawing = job
        if behind {
            drawGroup.enter()
            drawQueue.async { [job, drawGroup] in
                job.run()
                drawGroup.leave()
            }
        } else {
            job.run()
            finishDrawing()
        }
    }

    /// Waits for the frame `draw` started, if any, and completes `lastStats`, `damage` and the
    /// item costs with what the bands did (a debug build's check and the repaint view's tint
    /// run here); returns that frame, nil when none was being drawn.
    @discardableResult
    package func finishDrawing() -> PixelBuffer? {
        guard let job = drawing else { return nil }
        drawGroup.wait()
        drawing = nil
        let frame = job.frame, bands = job.bands, items = job.compiled.list.count
        var stats = job.compiled.stats
        stats.bands = bands
        let used = scratch[0..<(job.plan == nil ? bands : min(bands, compositor.grid.rows))]
        stats.pixelsWritten = used.reduce(0) { $0 + $1.pixelsWritten }
        let busy = used.reduce(0) { $0 + $1.busyNanos }
        if let plan = job.plan {
            stats.tilesDrawn = used.reduce(0) { $0 + $1.tilesDrawn }
            stats.tilesChanged = plan.changed
            collectItemCosts(items: items, bands: bands)
            lastDamageRect = compositor.damage
            if verifyEvery > 0, composited % verifyEvery == 0, !showsRepaints {
                verify(job.compiler, job.compiled.list, frame, screen: job.compiled.screen, background: job.background, bands: bands)
            }
            if showsRepaints { compositor.showRepaints(in: frame) }
        } else {
            lastDamageRect = PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
            stats.tilesChanged = TileGrid(width: frame.width, height: frame.height).count
            collectItemCosts(items: items, bands: bands)
        }
        lastDrawNanos = job.clock.nanos
        noteWorkers(wall: job.clock.nanos, busy: busy, bands: bands)
        lastStats = stats
        return frame
    }

    /// What `compile` made, for `draw`: the list, where it maps on a frame of this size, and
    /// the prepass's counts.
    private struct Compiled {
        let list: DisplayList
        let screen: PixelRect
        let width: Int
        let height: Int
        let stats: RenderStats
    }

    /// The frame `draw` draws: on the caller's thread, or behind it on `drawQueue`.
    ///
    /// `@unchecked Sendable`: it carries the rasterizer's classes to the drawing thread.
    /// While it draws, the rasterizer's own thread only compiles into the other compiler
    /// (`nextCompiler`) and fills the caches, which the frame's ops do not read (what they
    /// point into, its compiler keeps alive until it compiles again); everything the bands
    /// touch waits for `finishDrawing`.
    private struct DrawingJob: @unchecked Sendable {
        let rasterizer: DisplayListRasterizer
        let compiler: FrameCompiler
        let frame: PixelBuffer
        let compiled: Compiled
        let background: Color
        let bands: Int
        let scratch: [BandScratch]
        let opaqueFastPath: Bool
        let tracer: Tracer?
        /// The compositor's plan, or nil to draw the frame whole.
        var plan: LayerCompositor.Plan?
        /// How long the drawing took, set by the thread that drew before it is finished.
        let clock = DrawClock()

        func run() {
            let begin = Tracer.now()
            defer { clock.nanos = Tracer.now() - begin }
            if let plan {
                rasterizer.compositor.draw(
                    plan, compiler, scratch: scratch, bands: bands, opaqueFastPath: opaqueFastPath, tracer: tracer)
            } else {
                DisplayListRasterizer.drawWhole(
                    compiler, into: frame, screen: compiled.screen, background: background,
                    scratch: Array(scratch[0..<bands]), opaqueFastPath: opaqueFastPath, tracer: tracer)
            }
        }
    }

    private final class DrawClock {
        var nanos: UInt64 = 0
    }

    /// How many bands draw `frame`, each with scratch rows as wide as it and (when asked) a
    /// cost per item; returns the count.
    private func prepareBands(for frame: PixelBuffer, items: Int) -> Int {
        let bands = max(1, min(bandCount, frame.height))
        while scratch.count < bands { scratch.append(BandScratch(capacity: frame.width)) }
        for i in 0..<bands where scratch[i].capacity < frame.width { scratch[i] = BandScratch(capacity: frame.width) }
        for band in scratch[0..<bands] { band.measureItems(measuresItemCosts ? items : nil) }
        return bands
    }

    /// Sums the bands' item costs into `lastItemNanos` (emptied when not measuring), before
    /// anything else (a debug build's check draws the frame again) runs on the bands.
    private func collectItemCosts(items: Int, bands: Int) {
        lastItemNanos.removeAll(keepingCapacity: true)
        guard measuresItemCosts else { return }
        lastItemNanos.append(contentsOf: repeatElement(0, count: items))
        for band in scratch[0..<bands] {
            guard let costs = band.itemNanos else { continue }
            for i in 0..<items { lastItemNanos[i] &+= costs[i] }
        }
    }

    /// How busy the raster threads were in the last render: the bands' working time over the
    /// time the render's drawing took on all the cores it could use (1: all busy throughout).
    package private(set) var workerUtilisation = 0.0

    private func noteWorkers(wall nanos: UInt64, busy worked: UInt64, bands: Int) {
        let wall = Double(nanos), busy = Double(worked)
        let threads = Double(max(1, min(bands, Self.cores)))
        workerUtilisation = wall > 0 ? min(1, busy / (wall * threads)) : 0
    }

    /// Whether the frame's surfaces fit the budget; says once when they do not.
    private func fitsSurfaces(_ frame: PixelBuffer) -> Bool {
        let count = compiler.surfaces.count
        if compositor.fits(surfaceCount: count, width: frame.width, height: frame.height) { return true }
        compositor.reset()
        if !overBudgetWarned, count <= LayerCompositor.maxSurfaces {
            overBudgetWarned = true
            warn(
                "the layer surfaces of a \(frame.width)x\(frame.height) frame need "
                    + "\(LayerCompositor.bytes(surfaceCount: count, width: frame.width, height: frame.height) >> 20) MiB, over the surface budget of "
                    + "\(surfaceBudget >> 20) MiB\(surfaceBudget == LayerCompositor.defaultBudget ? " (an eighth of this machine's memory)" : ""): "
                    + "frames are drawn whole, without caching (a smaller window caches them; `studio bench --surface-budget MiB` sets the budget)"
            )
        }
        return false
    }

    /// Makes what rendering `list` into a `width` x `height` buffer will need and the caches
    /// lack, without drawing: at most `newTexts` text masks, and the stretched images the
    /// image cache makes for a size asked for two frames running. A window that is being
    /// resized calls it for the size it will settle at, a share each frame.
    ///
    /// - Complexity: O(items) for the prepass, plus the text and images made.
    package func prepare(_ list: DisplayList, width: Int, height: Int, newTexts: Int) throws {
        let letterbox = Letterbox(logicalSize: logicalSize, containerWidth: width, height: height)
        // Into the compiler of the next frame, which compiles again before it draws: the
        // other one may still be drawing.
        compiled = nil
        nextCompiler.newTextAllowance = max(0, newTexts)
        nextCompiler.hashesOps = false
        defer { nextCompiler.newTextAllowance = nil }
        try nextCompiler.compile(list, screen: letterbox.rect, device: letterbox.transform)
    }
}
