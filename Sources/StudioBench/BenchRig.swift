import Foundation
import StudioAppCore
import StudioKit
import StudioProfiler
import StudioSDL
import Studios

/// The scene under measurement: the driver on its backend and clock, plus what keeps the
/// stress scene's load constant (danmaku, hearts, a gift always playing).
package final class BenchRig {
    package let settings: BenchSettings
    package let driver: StudioDriver
    private let clock: ManualClock?
    private let rasterizer: DisplayListRasterizer
    /// The SDL render driver that presents (window runs only), for the report.
    package let renderDriver: String?
    private var keeper: StressKeeper?
    private var studioID: ObjectIdentifier?
    private var danmakuWidgets: [DanmakuWidget] = []
    private var hearts: HeartsWidget?
    private var videoWidgets: [VideoStreamWidget] = []
    private var random: SeededRandom
    /// Writes the frame last rendered (whose display list is given) as a PNG.
    private let savePicture: (DisplayList, String) throws -> Void

    package init(settings: BenchSettings) throws {
        self.settings = settings
        random = SeededRandom(seed: settings.seed &+ 99)
        let backend: Backend
        if settings.window {
            let options = SDLWindowBackend.Options(
                windowSize: Size(width: 720, height: 1280), vsync: false,
                forceSoftware: settings.software, assetsDirectory: settings.assets.path)
            let window = try SDLWindowBackend(options: options)
            window.drawsBehind = settings.drawsBehind
            backend = window
            renderDriver = window.rendererName
            rasterizer = window.rasterizer
            savePicture = { [unowned window] list, path in try window.screenshot(list, to: path) }
        } else {
            let offscreen = try OffscreenBackend(assetsDirectory: settings.assets.path)
            backend = offscreen
            renderDriver = nil
            rasterizer = offscreen.target.rasterizer
            savePicture = { [unowned offscreen] _, path in try offscreen.target.writePNG(to: path) }
        }
        if let budget = settings.surfaceBudget {
            rasterizer.composites = budget > 0
            rasterizer.surfaceBudget = budget
        }
        // Headless, the simulation takes one fixed step per frame. So does the danmaku scene in
        // a window, as its peers do (each moves its comments by 1/60 s a frame, whatever the
        // real time): run back to back on the real clock, most of its frames would come before
        // a step was due and move nothing. The other window scenes play video, which keeps
        // real time, so they run on the real clock.
        let stepsPerFrame = !settings.window || settings.scene == .danmaku
        let clock: Clock = stepsPerFrame ? ManualClock() : MonotonicClock()
        self.clock = clock as? ManualClock
        if settings.scene == .danmaku {
            // Each peer keeps one texture per comment; the sprite cache keeps as many pictures
            // (300x40), or it would draw the rest item by item every frame. Up to 1 GiB, about
            // 20,000 comments, far past any N a frame can draw in time: a larger N is drawn
            // partly item by item rather than growing memory without bound.
            let comments = settings.danmaku ?? 200
            rasterizer.spriteBudget = max(rasterizer.spriteBudget, min(comments * 300 * 40 * 4 * 11 / 10, 1 << 30))
            let provider = PeerSceneProvider(
                count: settings.danmaku ?? 200, measurer: backend.textMeasurer,
                seed: settings.seed)
            driver = try StudioDriver(provider: provider, backend: backend, clock: clock)
        } else {
            driver = try Self.appDriver(settings: settings, backend: backend, clock: clock)
        }
        if settings.widgetsMultiplier > 1 { try FillerWidget.multiply(driver.studio, by: settings.widgetsMultiplier) }
        if settings.scene.keepsFullLoad {
            keeper = try StressKeeper(studio: driver.studio, danmaku: settings.danmaku ?? 200, seed: settings.seed)
        }
    }

    /// Opens the studio app the settings name (room, scenario, feed, danmaku, components) on
    /// `backend`, with the feed rates the settings override; returns its driver.
    private static func appDriver(settings: BenchSettings, backend: Backend, clock: Clock) throws -> StudioDriver {
        var options = StudioApp.Options(assets: settings.assets)
        options.catalog = settings.catalog
        options.start =
            settings.room
            ?? Scheme.room(
                settings.catalog.rooms.first { $0.kind == settings.kind }?.id ?? 1,
                kind: settings.kind)
        options.session = settings.kind == StudioKinds.host ? "host" : "audience"
        options.seed = settings.seed
        options.scenario = try settings.scenario.map { try Scenario.load(path: $0, vocabulary: options.catalog.scenarioActions) }
        options.feedFile = settings.feedFile
        options.danmaku = settings.danmakuSettings
        options.lockstep = !settings.window
        options.components = settings.components
        options.liveServer = settings.liveServer
        let app = try StudioApp(options: options, backend: backend, clock: clock)
        let driver = app.driver
        var rates = app.configs.configs[settings.kind]?.feed ?? .live
        if let v = settings.commentsPerSecond { rates.comments = v }
        if let v = settings.giftsPerSecond { rates.gifts = v }
        if settings.commentsPerSecond != nil || settings.giftsPerSecond != nil {
            for c in driver.components {
                (c as? LockstepFeed)?.setRates(rates)
                (c as? ServerFeed)?.setRates(rates)
            }
        }
        return driver
    }

    package func beforeFrame() {
        clock?.advance(by: driver.loop.step)
        keeper?.keep()
    }

    package func afterFrame() {}

    package func spawnHearts(_ count: Int) {
        refresh()
        guard let hearts, count > 0 else { return }
        for _ in 0..<max(1, count / max(1, hearts.burstSize)) {
            hearts.spawnBurst(at: Point(x: random.double(in: 80...640), y: random.double(in: 900...1200)))
        }
    }

    /// Writes the frame last rendered to `path` as a PNG, as the run showed it.
    /// - Throws: `FileOutputError` naming the path when it cannot be written.
    package func saveFrame(to path: String) throws { try savePicture(driver.displayList, path) }

    /// Traces the loop's frames and the renderer's work into `tracer` (nil: stops).
    package func trace(into tracer: Tracer?) {
        driver.tracer = tracer
        rasterizer.tracer = tracer
    }

    /// Whether the renderer times its work per display-list item (`itemRasterNanos`).
    package var measuresItemCosts: Bool {
        get { rasterizer.measuresItemCosts }
        set { rasterizer.measuresItemCosts = newValue }
    }

    /// The raster threads' nanoseconds per item of the last frame's display list (empty
    /// unless `measuresItemCosts`).
    package var itemRasterNanos: [UInt64] { rasterizer.lastItemNanos }

    package func counters(_ timing: FrameTiming) -> FrameCounters {
        refresh()
        var c = FrameCounters()
        c.widgets = driver.studio.root.subtree().count
        c.drawCommands = timing.drawItems
        c.setRender(from: rasterizer)
        c.eventsDelivered = timing.eventsDelivered
        c.setDanmaku(from: danmakuWidgets)
        c.setVideo(from: videoWidgets.flatMap(\.streamProgress))
        return c
    }

    package func danmakuCounts() -> BenchReport.Danmaku? {
        refresh()
        guard !danmakuWidgets.isEmpty else { return nil }
        func sum(_ count: (DanmakuStats) -> Int) -> Int { danmakuWidgets.reduce(0) { $0 + count($1.stats) } }
        return BenchReport.Danmaku(
            received: sum(\.received), shown: sum(\.shown), onScreen: sum(\.onScreen),
            queued: sum(\.queued), blocked: sum(\.blocked.total), merged: sum(\.merged),
            overDensity: sum(\.overDensity), dropped: sum(\.dropped), cleared: sum(\.cleared),
            peakOnScreen: danmakuWidgets.reduce(0) { $0 + $1.peakOnScreen })
    }

    /// Finds the widgets the counters read, once per studio (and after the keeper added its own).
    private func refresh() {
        let id = ObjectIdentifier(driver.studio)
        guard id != studioID else { return }
        studioID = id
        let all = driver.studio.root.subtree()
        danmakuWidgets = all.compactMap { $0 as? DanmakuWidget }
        hearts = all.compactMap { $0 as? HeartsWidget }.first
        videoWidgets = all.compactMap { $0 as? VideoStreamWidget }
    }
}
