import StudioKit

/// The barrage ("danmaku"): comments cross a full-width band over the video right to left,
/// or stand centred at the band's top or bottom for a few seconds.
///
/// - Lanes: `DanmakuLanes` gives each scrolling comment a lane where it never overlaps the
///   comment ahead of it for its whole trip (a longer comment is faster: every comment
///   crosses in `duration` seconds), and each top or bottom comment a lane of its own for
///   `fixedDuration` seconds, clear of the scrolling ones.
/// - Density: at most `maxOnScreen` comments are on screen; the rest wait in a bounded
///   overflow queue (`DanmakuQueue`: identical waiting texts merge into "text ×N", the
///   oldest are dropped). Nothing is lost silently: `shown + dropped + merged + queued +
///   onScreen == enqueued` at all times.
/// - Taps: a tap on a scrolling comment pauses and highlights it for `pauseDuration`
///   seconds (the comments behind it in its lane wait with it); the band claims only those
///   taps (`claimsTap(at:)`), so a tap on the empty band goes on to the widgets beneath and
///   the room (hearts). Swipes and drags pass through it: it has no drag of its own.
///
/// Comments come from `.commentArrived` (a `Comment`), `.danmakuArrived` (a `DanmakuItem`) and
/// from `enqueue(_:)`.
public final class DanmakuWidget: Widget {
    public let configuration: DanmakuConfiguration

    /// Comments that finished their time on screen.
    public private(set) var shown = 0
    /// Comments enqueued since the widget was made.
    public private(set) var enqueued = 0
    /// The most comments that were on screen at once.
    public private(set) var peakOnScreen = 0
    /// Comments merged into an identical waiting one (overflow).
    public var merged: Int { queue.merged }
    /// Waiting comments dropped to make room (overflow).
    public var dropped: Int { queue.dropped }
    /// Comments waiting for room on screen.
    public var queued: Int { queue.count }
    /// Comments on screen now (scrolling, top and bottom; paused included).
    public var onScreen: Int { scrolling.count + fixed.count }

    public var laneCount: Int { configuration.laneCount }
    public var laneHeight: Double { configuration.laneHeight }

    private var queue: DanmakuQueue
    private var lanes: DanmakuLanes
    private var scrolling: [ScrollingDanmaku] = []
    private var fixed: [FixedDanmaku] = []
    private let font: FontSpec
    private let textOffset: Double
    private var demo: DanmakuDemoFeed?

    static let shadow = Color(r: 0, g: 0, b: 0, a: 150)
    static let highlight = Color(r: 255, g: 255, b: 255, a: 56)

    public init(level: Double = Levels.danmaku, configuration: DanmakuConfiguration = DanmakuConfiguration()) {
        self.configuration = configuration
        queue = DanmakuQueue(limit: configuration.queueLimit)
        let width = Size.studio.width
        lanes = DanmakuLanes(count: configuration.laneCount, screenWidth: width,
                             duration: configuration.duration, gap: configuration.gap)
        font = .bold(configuration.fontSize)
        textOffset = ((configuration.laneHeight - configuration.fontSize * 1.2) / 2).rounded()
        super.init(name: "danmaku", level: level,
                   frame: Rect(x: 0, y: configuration.bandTop, width: width, height: configuration.bandHeight))
        alpha = configuration.opacity
        scrolling.reserveCapacity(configuration.maxOnScreen)
        fixed.reserveCapacity(configuration.laneCount)
    }

    public override func didLoad() {
        guard let context else { return }
        // The band spans its parent: the screen in a layer, the wide screen in landscape.
        let width = parent?.bounds.width ?? context.environment.viewport.width
        if width != frame.width {
            frame.size.width = width
            lanes = DanmakuLanes(count: configuration.laneCount, screenWidth: width,
                                 duration: configuration.duration, gap: configuration.gap)
        }
        if configuration.demoInterval > 0 {
            demo = DanmakuDemoFeed(interval: configuration.demoInterval, random: context.environment.random.fork())
        }
        listen(to: .commentArrived)
        listen(to: .danmakuArrived)
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        if let item = EventKey.danmakuArrived.payload(name, userInfo) {
            enqueue(item)
        } else if let comment = EventKey.commentArrived.payload(name, userInfo) {
            enqueue(DanmakuItem(comment))
        }
    }

    /// Queues a comment; it goes on screen at the next step that has room and a lane for it.
    /// - Complexity: O(1) amortized (see `DanmakuQueue`).
    public func enqueue(_ item: DanmakuItem) {
        enqueued += 1
        queue.push(item)
    }

    /// Pixels per second of a scrolling comment `width` wide: `(screenWidth + width) / duration`.
    public func speed(forWidth width: Double) -> Double { lanes.speed(forWidth: width) }

    /// The comments on screen, scrolling ones first (tests and the inspector; allocates).
    public var onScreenItems: [DanmakuOnScreen] {
        let lh = laneHeight
        return scrolling.map {
            DanmakuOnScreen(text: $0.text, style: .scroll, lane: $0.lane, order: $0.order,
                            frame: Rect(x: x(of: $0), y: Double($0.lane) * lh, width: $0.width, height: lh),
                            isPaused: $0.pauseRemaining > 0)
        } + fixed.map {
            DanmakuOnScreen(text: $0.text, style: $0.style, lane: $0.row, order: 0,
                            frame: Rect(x: (lanes.screenWidth - $0.width) / 2, y: Double($0.row) * lh,
                                        width: $0.width, height: lh),
                            isPaused: false)
        }
    }

    /// The texts waiting, oldest first, merged ones with their "×N" (tests; allocates).
    public var waitingTexts: [String] { queue.waiting.map(\.displayText) }

    // MARK: Frame

    /// Moves the comments, retires those that have left, then places waiting ones.
    /// - Complexity: O(on screen + lanes + lookahead) per step, without allocating.
    public override func update(_ step: FrameStep) {
        guard let context else { return }
        demo?.advance(by: step.dt) { enqueue($0) }
        advance(by: step.dt)
        place(measurer: context.environment.measurer)
        peakOnScreen = max(peakOnScreen, onScreen)
    }

    private func advance(by dt: Double) {
        lanes.beginStep()
        for i in scrolling.indices where scrolling[i].pauseRemaining > 0 {
            lanes.freeze(lane: scrolling[i].lane, from: scrolling[i].order)
            scrolling[i].pauseRemaining = max(0, scrolling[i].pauseRemaining - dt)
        }
        for i in scrolling.indices where lanes.isMoving(lane: scrolling[i].lane, order: scrolling[i].order) {
            scrolling[i].elapsed += dt
        }
        lanes.advanceTails(by: dt)
        let duration = configuration.duration
        let before = onScreen
        scrolling.removeAll { $0.elapsed >= duration }
        for i in fixed.indices {
            fixed[i].remaining -= dt
            if fixed[i].remaining <= 0 { lanes.releaseFixed(fixed[i].row) }
        }
        fixed.removeAll { $0.remaining <= 0 }
        shown += before - onScreen
    }

    /// Places waiting comments, oldest first, while there is room: a scrolling comment that
    /// finds no lane blocks the scrolling ones behind it (their order is kept), likewise a
    /// fixed one without a free row, but one kind does not block the other.
    private func place(measurer: TextMeasurer) {
        var scrollBlocked = false
        var fixedBlocked = !lanes.hasFreeFixedRow
        var index = queue.head, scanned = 0
        while index < queue.end, scanned < configuration.lookahead,
              onScreen < configuration.maxOnScreen, !(scrollBlocked && fixedBlocked) {
            defer { index += 1 }
            guard let entry = queue.entry(at: index) else { continue }
            scanned += 1
            if entry.item.style == .scroll {
                guard !scrollBlocked else { continue }
                let width = entry.width ?? measurer.measure(entry.displayText, font: font).width
                queue.setWidth(width, at: index)
                guard let (lane, order) = lanes.reserveScroll(width: width) else {
                    scrollBlocked = true
                    continue
                }
                let taken = queue.remove(at: index)
                scrolling.append(ScrollingDanmaku(text: taken.displayText, color: taken.item.color, isOwn: taken.item.isOwn,
                                                  width: width, speed: lanes.speed(forWidth: width), lane: lane, order: order))
            } else {
                guard !fixedBlocked else { continue }
                // Fixed comments do not move, so one wider than the screen is cut to fit.
                let maxWidth = lanes.screenWidth - 32
                let width: Double
                if let cached = entry.width {
                    width = cached
                } else {
                    width = measurer.measure(measurer.fitting(entry.displayText, font: font, maxWidth: maxWidth), font: font).width
                    queue.setWidth(width, at: index)
                }
                guard let row = lanes.reserveFixed(entry.item.style, width: width) else {
                    fixedBlocked = true
                    continue
                }
                let taken = queue.remove(at: index)
                let text = measurer.fitting(taken.displayText, font: font, maxWidth: maxWidth)
                fixed.append(FixedDanmaku(text: text, color: taken.item.color, width: width,
                                          style: taken.item.style, row: row, remaining: configuration.fixedDuration))
            }
        }
        queue.packIfSparse()
    }

    private func x(of item: ScrollingDanmaku) -> Double { lanes.screenWidth - item.speed * item.elapsed }

    /// Two draw items per visible comment (a dark shadow, then the text), two more behind a
    /// paused one; comments not yet in or already out of the screen are skipped.
    /// - Complexity: O(on screen) per frame.
    public override func draw(in canvas: Canvas) {
        let lh = laneHeight, screenWidth = lanes.screenWidth
        for item in scrolling {
            let x = x(of: item)
            guard x < screenWidth, x + item.width > 0 else { continue }
            let y = Double(item.lane) * lh
            if item.pauseRemaining > 0 {
                let box = Rect(x: x - 10, y: y + 2, width: item.width + 20, height: lh - 4)
                canvas.fillRoundedRect(box, radius: box.height / 2, Self.highlight)
                canvas.stroke(.roundedRect(box, radius: box.height / 2), Palette.brand, width: 2)
            } else if item.isOwn {
                let box = Rect(x: x - 10, y: y + 2, width: item.width + 20, height: lh - 4)
                canvas.stroke(.roundedRect(box, radius: box.height / 2), Palette.brand, width: 2)
            }
            canvas.text(item.text, font: font.silhouette, color: Self.shadow, at: Point(x: x + 2, y: y + textOffset + 2))
            canvas.text(item.text, font: font, color: item.color, at: Point(x: x, y: y + textOffset))
        }
        for item in fixed {
            let x = (screenWidth - item.width) / 2, y = Double(item.row) * lh + textOffset
            canvas.text(item.text, font: font.silhouette, color: Self.shadow, at: Point(x: x + 2, y: y + 2))
            canvas.text(item.text, font: font, color: item.color, at: Point(x: x, y: y))
        }
    }

    // MARK: Touch

    /// A tap stops at the band only on a scrolling comment; elsewhere it goes on to the
    /// widgets beneath and the room.
    public override func claimsTap(at point: Point) -> Bool { scrollingIndex(at: point) != nil }

    /// Pauses the scrolling comment under `point`; false (hearts) when there is none.
    public override func handleTap(at point: Point) -> Bool { pause(at: point) }

    /// Pauses and highlights the scrolling comment at `point` (widget coordinates) for
    /// `pauseDuration` seconds; a second tap starts the pause again.
    /// - Returns: whether a comment was there.
    @discardableResult
    public func pause(at point: Point) -> Bool {
        guard let i = scrollingIndex(at: point) else { return false }
        scrolling[i].pauseRemaining = configuration.pauseDuration
        return true
    }

    /// The scrolling comment whose lane holds `point` and whose text is within a finger's
    /// slop of it (a comment moves a few pixels between finger down and up).
    private func scrollingIndex(at point: Point) -> Int? {
        let lh = laneHeight
        guard point.y >= 0 else { return nil }
        let lane = Int(clamping: point.y / lh)
        guard lane < laneCount else { return nil }
        let slop = 16.0
        return scrolling.firstIndex { item in
            guard item.lane == lane else { return false }
            let x = x(of: item)
            return point.x >= x - slop && point.x < x + item.width + slop
        }
    }
}
