import StudioDomain
import StudioKit

/// The barrage ("danmaku"): comments cross a full-width band over the video right to left
/// (or left to right), stand centred at the band's top or bottom for a few seconds, or move
/// where their own script says.
///
/// - Lanes: `DanmakuLanes` gives each moving comment a run of lanes (one, or two for a large
///   one) where it never overlaps the comment ahead of it for its whole trip (a longer
///   comment is faster: every comment crosses in `duration` seconds, divided by the speed
///   setting), and each top or bottom comment lanes of its own for `fixedDuration` seconds,
///   clear of the moving ones. Positioned comments take no lane and are clipped to the band.
/// - Settings: `DanmakuSettings` (opacity, display area, speed, text scale, hidden modes and
///   colors, block lists, merging duplicates, a density cap), from the configuration, the
///   app or the viewer (`DanmakuPreferences`, shared by a session's rooms); a change applies
///   at the next step, to the comments on screen too.
/// - Keep-out: lanes that a visible keep-out widget crosses (`Widget.keepsOverlaysOut`: the
///   LIVE timer, the host's card, the lucky box) take no moving comment, and no fixed one
///   where it would cover the widget (`DanmakuKeepOut`).
/// - Density: at most `maxOnScreen` comments are on screen; the rest wait in a bounded
///   overflow queue (`DanmakuQueue`: identical waiting texts merge into "text ×N", the
///   oldest are dropped); with a density cap, one arriving over it is dropped. Nothing is
///   lost silently: `stats` accounts for every comment received (`DanmakuStats.isBalanced`).
/// - Taps: a tap on a moving comment pauses and highlights it for `pauseDuration` seconds
///   (the comments behind it in its lanes wait with it); the band claims only those taps
///   (`claimsTap(at:)`), so a tap on the empty band goes on to the widgets beneath and the
///   room (hearts). Swipes and drags pass through it: it has no drag of its own.
///
/// - Replays: a paused replay (`.playbackToggled` false) holds the band: nothing moves,
///   fades or leaves and no waiting comment comes on until it plays again; a seek
///   (`.playbackSeeked`) clears the band and its queue, for the comments of the new position.
///
/// Comments come from `.commentArrived` (a `Comment`), `.danmakuArrived` (a `DanmakuItem`) and
/// from `enqueue(_:)`.
public final class DanmakuWidget: Widget {
    public let configuration: DanmakuConfiguration

    /// The settings in force: the viewer's (`preferences`) when set, else the configuration's.
    public internal(set) var settings: DanmakuSettings
    /// The viewer's settings this band follows, shared with the studio's other danmaku
    /// widgets and the settings sheet (the session's, when the app provided them). Nil until
    /// the widget loads.
    package internal(set) var preferences: DanmakuPreferences?

    /// The most comments that were on screen at once.
    package internal(set) var peakOnScreen = 0

    var counts = DanmakuStats()
    /// Comments merged into one on screen (the queue counts its own).
    var mergedOnScreen = 0
    var queue: DanmakuQueue
    /// Whether one of the viewer's own comments may be waiting: it is placed before the
    /// queue's older comments, at the first free lane.
    var ownWaiting = false
    var layout: DanmakuLayout
    var lanes: DanmakuLanes
    var filter: DanmakuFilter
    var keepOut = DanmakuKeepOut()
    var moving: [MovingDanmaku] = []
    var standing: [StandingDanmaku] = []
    /// The sprites of the lines drawn (a line and its shadow as one picture).
    var pictures = DanmakuPictures()
    var positioned: [PositionedDanmaku] = []
    /// The newest comment on screen per text and mode, for merging duplicates.
    var onScreenByKey: [DanmakuMergeKey: Int] = [:]
    /// The preferences' version last applied.
    var appliedVersion = -1
    /// Simulated seconds since the widget loaded (merge windows run on it).
    var now = 0.0
    var nextSeq = 0
    var demo: DanmakuDemoFeed?
    /// True while a replay is paused (`.playbackToggled` false): the comments hold where
    /// they are, as the picture does, and go on from there when it plays again.
    package internal(set) var isHeld = false

    static let shadow = Color(r: 0, g: 0, b: 0, a: 150)
    static let highlight = Color(r: 255, g: 255, b: 255, a: 56)

    public init(level: Double = Levels.danmaku, configuration: DanmakuConfiguration = DanmakuConfiguration()) {
        self.configuration = configuration
        settings = configuration.settings.clamped
        queue = DanmakuQueue(limit: configuration.queueLimit)
        layout = DanmakuLayout(configuration: configuration, settings: settings)
        let width = Size.studio.width
        lanes = DanmakuLanes(count: layout.laneCount, usable: layout.usable, screenWidth: width, gap: configuration.gap)
        filter = DanmakuFilter(settings)
        super.init(
            name: "danmaku", level: level,
            frame: Rect(x: 0, y: configuration.bandTop, width: width, height: configuration.bandHeight))
        alpha = settings.opacity
        moving.reserveCapacity(configuration.maxOnScreen)
        standing.reserveCapacity(layout.laneCount)
    }

    public override func didLoad() {
        guard let context else { return }
        // The band spans its parent: the screen in a layer, the wide screen in landscape.
        let width = parent?.bounds.width ?? context.environment.viewport.width
        if width != frame.width {
            frame.size.width = width
            rebuildLanes()
        }
        preferences = DanmakuPreferences.of(context.environment)
        applyPreferences()
        if configuration.demoInterval > 0 {
            demo = DanmakuDemoFeed(interval: configuration.demoInterval, random: context.environment.random.fork())
        }
        listen(to: .commentArrived) { $0.enqueue(DanmakuItem($1)) }
        listen(to: .danmakuArrived) { $0.enqueue($1) }
        listen(to: .playbackSeeked) { band, _ in band.clearForSeek() }
        listen(to: .playbackToggled) { $0.isHeld = !$1 }
    }

    // MARK: Frame and touch

    /// Applies new settings, reads the keep-out areas, moves the comments, retires those that
    /// have left, then places waiting ones.
    /// - Complexity: O(on screen × span + lanes + lookahead) per step, without allocating
    ///   (settings and keep-out changes re-plan the lanes when they happen).
    public override func update(_ step: FrameStep) { advanceFrame(step) }

    /// Per visible comment, its edge and its text: two draw items with the shadow, five with
    /// the outline (`DanmakuEdge`); two more behind a paused or own moving comment, and a
    /// clip around the positioned ones. Comments not yet in or already out of the screen are
    /// skipped.
    /// - Complexity: O(on screen) per frame.
    public override func draw(in canvas: Canvas) { drawComments(in: canvas) }

    /// A tap stops at the band only on a moving comment; elsewhere it goes on to the
    /// widgets beneath and the room.
    public override func claimsTap(at point: Point) -> Bool { movingIndex(at: point) != nil }

    /// Pauses the moving comment under `point`; false (hearts) when there is none.
    public override func handleTap(at point: Point) -> Bool { pause(at: point) }

    // MARK: Counts

    /// Where every comment received went (the HUD and the bench show it).
    package var stats: DanmakuStats {
        var s = counts
        s.onScreen = onScreen
        s.queued = queue.count
        s.merged = queue.merged + mergedOnScreen
        s.dropped = queue.dropped
        return s
    }

    /// Comments received since the widget was made.
    package var enqueued: Int { counts.received }
    /// Comments that finished their time on screen.
    public var shown: Int { counts.shown }
    /// Comments merged into an identical one (waiting or on screen).
    package var merged: Int { queue.merged + mergedOnScreen }
    /// Waiting comments dropped: to make room (overflow), or stale (`maxWait`).
    package var dropped: Int { queue.dropped }
    /// Comments waiting for room on screen.
    package var queued: Int { queue.count }
    /// Comments on screen now (moving, top and bottom, positioned; paused included).
    package var onScreen: Int { moving.count + standing.count + positioned.count }

    /// Lanes of the band under the current settings.
    package var laneCount: Int { layout.laneCount }
    /// Lanes the display area uses, from the top.
    package var usableLaneCount: Int { layout.usable }
    package var laneHeight: Double { layout.laneHeight }

    /// Pixels per second a moving comment `width` wide crosses at under the current speed:
    /// `(screenWidth + width) / (duration / speed)`.
    public func speed(forWidth width: Double) -> Double {
        (lanes.screenWidth + width) / configuration.duration * settings.speed
    }

    // MARK: Comments in

    /// Takes a comment: blocked, merged or dropped per the settings, else queued; it goes on
    /// screen at the next step that has room and lanes for it.
    /// - Complexity: O(1) amortized without block rules (see `DanmakuQueue`); a text search
    ///   per keyword and pattern; merging into a comment on screen is O(on screen).
    package func enqueue(_ item: DanmakuItem) {
        counts.received += 1
        if let reason = filter.reason(for: item) {
            counts.blocked.count(reason)
            return
        }
        let key = DanmakuMergeKey(item)
        // The viewer's own comment shows at once, as players show the sender's: it is not
        // merged, not capped, and goes on screen before the comments waiting ahead of it.
        if item.isOwn {
            queue.push(item, key: key, at: now)
            ownWaiting = true
            return
        }
        if mergeDuplicate(item, key: key) { return }
        if let cap = settings.densityCap, onScreen + queue.count >= cap {
            counts.overDensity += 1
            return
        }
        queue.push(item, key: key, at: now)
    }

    /// The texts waiting, oldest first, merged ones with their "×N" (tests; allocates).
    package var waitingTexts: [String] { queue.waiting.map(\.displayText) }
}

extension DanmakuWidget: CatalogWidget {
    public static var catalogName: String { "danmaku" }
    public static var defaultLevel: Double { Levels.danmaku }

    /// Options: `maxOnScreen` (1...2000, 200), `queueLimit` (1...100000, 1000), `maxWait`
    /// (0.5...600 s, 8), `duration`
    /// (2...20 s, 7), `fixedDuration` (1...20 s, 4), `pauseDuration` (0.5...10 s, 3),
    /// `fontSize` (16...64, 32), `top` (0...1200, 180), `height` (40...1280, 720; the band
    /// must end on screen), `gap` (0...200 px, 24), `edge` (shadow or outline),
    /// `demoInterval` (0...10 s, 0 = off), `lookahead` (1...1000, 32), and the settings the
    /// room starts with, flat or in a `settings` object (not both; see
    /// `DanmakuSettings.read(from:)`).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = DanmakuConfiguration()
        c.maxOnScreen = try options.int("maxOnScreen", default: c.maxOnScreen, in: 1...2000)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...100_000)
        c.maxWait = try options.double("maxWait", default: c.maxWait, in: 0.5...600)
        c.duration = try options.double("duration", default: c.duration, in: 2...20)
        c.fixedDuration = try options.double("fixedDuration", default: c.fixedDuration, in: 1...20)
        c.pauseDuration = try options.double("pauseDuration", default: c.pauseDuration, in: 0.5...10)
        c.fontSize = try options.double("fontSize", default: c.fontSize, in: 16...64)
        c.bandTop = try options.double("top", default: c.bandTop, in: 0...1200)
        c.bandHeight = try options.double("height", default: c.bandHeight, in: 40...1280)
        if c.bandTop + c.bandHeight > Size.studio.height {
            throw options.error(
                "height", "the band must end on screen: top + height <= \(Int(Size.studio.height)) (got \(c.bandTop + c.bandHeight))")
        }
        if c.bandHeight < c.laneHeight {
            throw options.error("height", "must hold at least one lane of \(c.laneHeight) px for fontSize \(c.fontSize)")
        }
        c.gap = try options.double("gap", default: c.gap, in: 0...200)
        let edge = try options.choice("edge", default: c.edge.rawValue, allowed: DanmakuEdge.allCases.map(\.rawValue))
        c.edge = DanmakuEdge(rawValue: edge) ?? .shadow
        c.demoInterval = try options.double("demoInterval", default: c.demoInterval, in: 0...10)
        c.lookahead = try options.int("lookahead", default: c.lookahead, in: 1...1000)
        c.settings = try DanmakuSettings.read(from: options)
        try options.finish()
        return DanmakuWidget(level: level, configuration: c)
    }
}
