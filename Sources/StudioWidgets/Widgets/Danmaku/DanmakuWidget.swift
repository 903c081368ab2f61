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

    // MARK: Frame, drawing and touch

    /// Applies new settings, reads the keep-out areas, moves the comments, retires those that
    /// have left, then places waiting ones (`place(measurer:)`). Settings and keep-out
    /// changes apply while the band is held too; time, and with it every motion, waits.
    /// - Complexity: O(on screen × span + lanes + lookahead) per step, without allocating
    ///   (settings and keep-out changes re-plan the lanes when they happen).
    public override func update(_ step: FrameStep) {
        guard let context else { return }
        if let preferences, preferences.version != appliedVersion { applyPreferences() }
        if keepOut.refresh(for: self) { applyKeepOut() }
        guard !isHeld else { return }
        now += step.dt
        demo?.advance(by: step.dt) { enqueue($0) }
        advance(by: step.dt)
        queue.dropArrived(before: now - configuration.maxWait)
        place(measurer: context.environment.measurer)
        peakOnScreen = max(peakOnScreen, onScreen)
    }

    /// Seconds a comment takes to fade out before an area kept clear, or back in after it.
    static let keepOutFade = 0.2

    /// Fades each moving comment towards hidden while where it will be within a fade
    /// crosses a keep-out area, and towards shown otherwise; a comment whose box already
    /// crosses one (a card that opened over it) is hidden at once, as if it went behind the
    /// card. Lanes that cross such an area take no new comments (`applyKeepOut`); this is for
    /// the comments already under way when the area appeared, so that none is drawn cut in
    /// half under a card.
    private func fadeAtKeepOut(by dt: Double) {
        let screenWidth = lanes.screenWidth
        for i in moving.indices {
            let item = moving[i]
            let x = item.x(screenWidth: screenWidth)
            let ahead = item.speed * Self.keepOutFade * 1.5
            let box = Rect(x: x, y: item.y, width: item.width, height: item.height)
            let path = Rect(
                x: item.direction == .leftward ? x - ahead : x, y: item.y, width: item.width + ahead, height: item.height)
            if keepOut.rects.contains(where: { !$0.intersection(box).isEmpty }) {
                moving[i].shown = 0
                continue
            }
            let blocked = keepOut.rects.contains { !$0.intersection(path).isEmpty }
            let step = dt / Self.keepOutFade
            moving[i].shown = blocked ? max(0, item.shown - step) : min(1, item.shown + step)
        }
    }

    private func advance(by dt: Double) {
        lanes.beginStep()
        for i in moving.indices where moving[i].pauseRemaining > 0 {
            lanes.freeze(moving[i].lanes, from: moving[i].seq)
            moving[i].pauseRemaining = max(0, moving[i].pauseRemaining - dt)
        }
        // In order of entry, so a comment behind a frozen one (in any of its lanes) is seen
        // after it, and freezes its own lanes for those behind it in turn.
        let factor = settings.speed
        for i in moving.indices {
            let item = moving[i]
            if lanes.isFrozen(item.lanes, seq: item.seq) {
                lanes.freeze(item.lanes, from: item.seq)
                continue
            }
            moving[i].progress += dt * factor
            lanes.update(item.seq, in: item.lanes, distance: moving[i].distance, width: item.width)
        }
        if !keepOut.rects.isEmpty || moving.contains(where: { $0.shown < 1 }) { fadeAtKeepOut(by: dt * factor) }
        let before = onScreen
        var left = false
        for item in moving where item.progress >= item.lifetime {
            lanes.remove(item.seq, from: item.lanes)
            forgetOnScreen(item.origin.key, seq: item.seq)
            left = true
        }
        if left { moving.removeAll { $0.progress >= $0.lifetime } }
        var expired = false
        for i in standing.indices {
            standing[i].remaining -= dt
            if standing[i].remaining <= 0 {
                lanes.releaseFixed(standing[i].lanes)
                forgetOnScreen(standing[i].origin.key, seq: standing[i].seq)
                expired = true
            }
        }
        if expired { standing.removeAll { $0.remaining <= 0 } }
        if !positioned.isEmpty {
            for i in positioned.indices { positioned[i].age += dt }
            positioned.removeAll { $0.age >= $0.motion.duration }
        }
        counts.shown += before - onScreen
    }

    func forgetOnScreen(_ key: DanmakuMergeKey, seq: Int) {
        if onScreenByKey[key] == seq { onScreenByKey[key] = nil }
    }

    /// Per visible comment, its edge and its text: two draw items with the shadow, five with
    /// the outline (`DanmakuEdge`); two more behind a paused or own moving comment, and a
    /// clip around the positioned ones. Comments not yet in or already out of the screen are
    /// skipped.
    /// - Complexity: O(on screen) per frame.
    public override func draw(in canvas: Canvas) {
        pictures.beginFrame()
        let screenWidth = lanes.screenWidth
        for item in moving {
            let x = item.x(screenWidth: screenWidth)
            guard x < screenWidth, x + item.width > 0, item.shown > 0 else { continue }
            let body = {
                if item.pauseRemaining > 0 || item.isOwn {
                    let box = Rect(x: x - 10, y: item.y + 2, width: item.width + 20, height: item.height - 4)
                    if item.pauseRemaining > 0 { canvas.fillRoundedRect(box, radius: box.height / 2, Self.highlight) }
                    canvas.stroke(.roundedRect(box, radius: box.height / 2), Palette.brand, width: 2)
                }
                self.drawText(item.text, font: item.font, color: item.color, at: Point(x: x, y: item.y + item.textOffset), in: canvas)
            }
            if item.shown < 1 { canvas.withState(alpha: item.shown, body) } else { body() }
        }
        for item in standing {
            let x = (screenWidth - item.width) / 2
            drawText(item.text, font: item.font, color: item.color, at: Point(x: x, y: item.y + item.textOffset), in: canvas)
        }
        guard !positioned.isEmpty else { return }
        canvas.withClip(bounds) {
            for item in positioned {
                canvas.withState(alpha: item.motion.alpha(at: item.age)) {
                    drawText(
                        item.text, font: item.font, color: item.color, at: item.motion.origin(at: item.age, in: bounds),
                        in: canvas)
                }
            }
        }
    }

    /// The text over its dark edge. The edge is drawn from silhouettes, so an emoji's shadow
    /// is a shadow, not a second emoji.
    /// Draws a line and its edge as one sprite (`DanmakuPictures`), its text's top-left at
    /// `origin`.
    private func drawText(_ text: String, font: FontSpec, color: Color, at origin: Point, in canvas: Canvas) {
        let key = DanmakuPictures.Key(text: text, font: font, color: color, edge: configuration.edge)
        let sprite = pictures.sprite(key, measurer: canvas.measurer)
        canvas.sprite(sprite, at: Point(x: origin.x - DanmakuPictures.pad, y: origin.y - DanmakuPictures.pad))
    }

    /// A tap stops at the band only on a moving comment; elsewhere it goes on to the
    /// widgets beneath and the room.
    public override func claimsTap(at point: Point) -> Bool { movingIndex(at: point) != nil }

    /// Pauses the moving comment under `point`; false (hearts) when there is none.
    public override func handleTap(at point: Point) -> Bool { pause(at: point) }

    /// Pauses and highlights the moving comment at `point` (widget coordinates) for
    /// `pauseDuration` seconds; a second tap starts the pause again.
    /// - Returns: whether a comment was there.
    @discardableResult
    package func pause(at point: Point) -> Bool {
        guard let i = movingIndex(at: point) else { return false }
        moving[i].pauseRemaining = configuration.pauseDuration
        return true
    }

    /// The moving comment whose box holds `point` vertically and whose text is within a
    /// finger's slop of it horizontally (a comment moves a few pixels between finger down and up).
    /// A comment faded out before an area kept clear cannot be seen, so it takes no tap.
    func movingIndex(at point: Point) -> Int? {
        guard point.y >= 0, point.y < bounds.height else { return nil }
        let slop = 16.0, screenWidth = lanes.screenWidth
        return moving.firstIndex { item in
            guard item.shown > 0.5, point.y >= item.y, point.y < item.y + item.height else { return false }
            let x = item.x(screenWidth: screenWidth)
            return point.x >= x - slop && point.x < x + item.width + slop
        }
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
