/// The widgets that join the arena for one touch besides the studio's own tap and swipes,
/// as the studio found them under the finger on `down`: each by its name (the inspector
/// shows it), nil when none joins.
public struct GestureMembers: Hashable, Sendable {
    /// The directions the dragging widget drags in there.
    public var drag: DragAxes?
    package var dragName: String?
    /// The widget that recognizes a long press there.
    package var longPress: String?
    /// The widget (or "room") that recognizes a double tap there: a tap then waits for it.
    package var doubleTap: String?

    public init(drag: DragAxes? = nil, dragName: String? = nil, longPress: String? = nil, doubleTap: String? = nil) {
        self.drag = drag
        self.dragName = drag == nil ? nil : dragName
        self.longPress = longPress
        self.doubleTap = doubleTap
    }
}

/// The gesture arena: feeds the pointer events of one touch to a tap, a horizontal swipe
/// and a vertical swipe recognizer, and to the drag and long-press recognizers of the
/// widgets under the finger that declared them there, and lets exactly one of them win, so
/// one touch never yields both a tap and a swipe, nor a widget's drag and a swipe. A double
/// tap spans two touches: where a widget declares one, a tap is held back until it fails.
///
/// One touch at a time: the first finger down is followed until it comes up or is
/// cancelled; other fingers are ignored meanwhile (their events produce nothing). A second
/// `down` of the followed finger means its `up` was lost: the old touch is cancelled first.
///
/// Time: a long press and a double tap are decided by time passing, so the router reads
/// the clock from every event and from `advance(to:)`, which the studio calls each step
/// with the step's time; never the wall clock, so a replay decides the same.
public final class GestureRouter {
    /// The thresholds; a change takes effect at the next touch.
    public var config: GestureConfig
    /// The finger being followed, nil between touches.
    package private(set) var activeTouch: Int?
    /// The recognizers of the current (or last) touch, for the inspector.
    public private(set) var tap: TapRecognizer
    public private(set) var horizontal: SwipeRecognizer
    public private(set) var vertical: SwipeRecognizer
    /// The touched widget's drag, when it joined the arena for this touch.
    public private(set) var drag: DragRecognizer?
    /// The touched widget's long press, when it joined the arena for this touch.
    package private(set) var longPress: LongPressRecognizer?
    /// The double tap waiting for (or ended or failed on) a second touch; it spans touches.
    package private(set) var doubleTap: DoubleTapRecognizer?
    /// The members of the current (or last) touch, for the inspector.
    package private(set) var members = GestureMembers()
    /// The name of the widget whose drag joined this touch, for the inspector.
    package var memberName: String? { members.dragName }
    /// How the latest decided touch was decided; it stays until the next decision.
    package private(set) var lastResolution: GestureResolution?

    private var winner: GestureResolution.Outcome?
    /// Who declared the double tap that `doubleTap` waits on.
    private var doubleTapName: String?
    private var start: Point = .zero
    private var startTime: Double = 0
    private var lastPosition: Point = .zero

    public init(config: GestureConfig = GestureConfig()) {
        self.config = config
        tap = TapRecognizer(config: config)
        horizontal = SwipeRecognizer(axis: .horizontal, config: config)
        vertical = SwipeRecognizer(axis: .vertical, config: config)
    }

    /// Whether a touch is being followed.
    package var isTracking: Bool { activeTouch != nil }

    /// Whether a tap is held back, waiting for its double tap to fail.
    package var isHoldingTap: Bool { doubleTap?.phase == .possible }

    /// The earlier of a pending long press's and a held tap's deadlines: when `advance(to:)`
    /// may next have something to say (nil: nothing waits on the clock).
    package var nextDeadline: Double? {
        let press = winner == nil && longPress?.phase == .possible ? longPress?.deadline : nil
        let wait = doubleTap.flatMap { $0.phase == .possible && !$0.hasSecondTouch ? $0.deadline : nil }
        return [press, wait].compactMap { $0 }.min()
    }

    /// Feeds one pointer event with only a widget's drag as a member (see `handle(_:members:)`).
    public func handle(_ event: PointerEvent, memberDrag: DragAxes?, memberName: String? = nil) -> [GestureOutput] {
        handle(event, members: GestureMembers(drag: memberDrag, dragName: memberName))
    }

    /// Feeds one pointer event. Returns what it made happen, usually nothing or one output
    /// (more when the clock decided something first, or a lost `up` is cancelled by a new
    /// `down`).
    /// - Parameter members: on a `down`, the widgets that join the arena for this touch.
    ///   Ignored on other phases.
    /// - Complexity: O(1) amortized; runs per pointer event.
    public func handle(_ event: PointerEvent, members: GestureMembers = GestureMembers()) -> [GestureOutput] {
        guard event.phase != .hovered else { return [] }  // a mouse with no button held: no touch
        // What was due before this event (a long press, a held tap) happened first.
        var out = advance(to: event.time)
        if event.phase == .down, !beginTouch(event, members: members, out: &out) { return out }
        guard event.id == activeTouch else { return out }
        lastPosition = event.position
        out += arbitrate(event)

        let allFailed =
            tap.phase == .failed && horizontal.phase == .failed && vertical.phase == .failed
            && (drag?.phase ?? .failed) == .failed && (longPress?.phase ?? .failed) == .failed
        if winner == nil, allFailed || event.phase == .up || event.phase == .cancelled {
            out += win(.nothing, event)
        }
        if event.phase == .up || event.phase == .cancelled { activeTouch = nil }
        return out
    }

    /// A finger went down: it cancels a touch whose `up` was lost, and is a held tap's
    /// double tap or releases it. False when another finger holds the room (this one is
    /// ignored).
    private func beginTouch(_ event: PointerEvent, members: GestureMembers, out: inout [GestureOutput]) -> Bool {
        if let active = activeTouch {
            guard active == event.id else { return false }
            out += cancelTouch(at: event.time)
        }
        // A held tap: this touch is its double tap's second, or the tap is due now.
        if var wait = doubleTap, wait.phase == .possible {
            let continues = wait.secondDown(
                at: event.position, time: event.time,
                sameWidget: members.doubleTap != nil && members.doubleTap == doubleTapName)
            doubleTap = wait
            if !continues { out += releaseHeldTap(event.time) }
        }
        startTouch(event, members: members)
        return true
    }

    /// Every recognizer sees the event; the first to win takes the touch, and the winner's
    /// progress goes out.
    ///
    /// Arena order for one event, each recognizer having seen it:
    /// 1. the widget's drag, if it began: a widget's own drag inside its bounds beats the
    ///    studio's swipes, also when both would begin on the same sample (it needs less
    ///    movement, so it usually begins earlier);
    /// 2. else a swipe that began (a dominance >= 1 keeps both axes from beginning on one
    ///    sample);
    /// 3. else a long press whose duration passed with the finger within the tap slop
    ///    (moving beyond the slop failed it first; time alone also decides it, in
    ///    `advance(to:)`);
    /// 4. else a tap, recognized only on up, when nothing can begin any more: if this touch
    ///    is the second of a double tap, the double tap wins instead; else if a widget here
    ///    declares a double tap, the tap is held back until that fails (no second touch
    ///    in time, or the second touch is no tap nearby: then the held tap comes first,
    ///    before whatever the second touch is); everywhere else the tap is immediate.
    /// The winner preempts every other recognizer; a second touch that does not end as a
    /// tap fails the double tap and releases the held tap.
    private func arbitrate(_ event: PointerEvent) -> [GestureOutput] {
        var out: [GestureOutput] = []
        let dragInfo = drag?.handle(event)
        let pressPoint = longPress?.handle(event)
        let tapPoint = tap.handle(event)
        let hInfo = horizontal.handle(event)
        let vInfo = vertical.handle(event)
        if winner == nil {
            if dragInfo?.phase == .began {
                out += win(.drag, event)
            } else if hInfo?.phase == .began {
                out += win(.swipe(.horizontal), event)
            } else if vInfo?.phase == .began {
                out += win(.swipe(.vertical), event)
            } else if let pressPoint {
                out += win(.longPress, event)
                out.append(.longPress(pressPoint))
            } else if let tapPoint {
                out += tapWon(tapPoint, event)
            }
        }
        switch winner {
        case .swipe(.horizontal): if let hInfo { out.append(.swipe(hInfo)) }
        case .swipe(.vertical): if let vInfo { out.append(.swipe(vInfo)) }
        case .drag: if let dragInfo { out.append(.drag(dragInfo)) }
        case .tap, .doubleTap, .longPress, .nothing, nil: break
        }
        return out
    }

    /// The clock reached `time` (the studio calls this every step): a finger resting long
    /// enough on a widget that long-presses wins its long press, and a held tap whose
    /// second touch did not come in time is released. Events call this themselves first.
    /// - Complexity: O(1).
    public func advance(to time: Double) -> [GestureOutput] {
        var out: [GestureOutput] = []
        if winner == nil, let id = activeTouch, var press = longPress, let point = press.advance(to: time) {
            longPress = press
            out += win(.longPress, PointerEvent(.moved, id: id, at: lastPosition, time: time))
            out.append(.longPress(point))
        }
        if var wait = doubleTap, wait.advance(to: time) {
            doubleTap = wait
            out += releaseHeldTap(time)
        }
        return out
    }
    /// Cancels the followed touch, as if its finger reported `cancelled` where it last was
    /// (for example when the window loses focus). Returns the swipe's `cancelled` output
    /// when one was in progress.
    package func cancelTouch(at time: Double) -> [GestureOutput] {
        guard let active = activeTouch else { return [] }
        return handle(PointerEvent(.cancelled, id: active, at: lastPosition, time: time))
    }

    private func startTouch(_ event: PointerEvent, members: GestureMembers) {
        self.members = members
        if doubleTap?.phase != .possible { doubleTap = nil }  // a decided double tap is history
        drag = members.drag.map { DragRecognizer(axes: $0, config: config) }
        longPress = members.longPress == nil ? nil : LongPressRecognizer(config: config)
        tap = TapRecognizer(config: config)
        horizontal = SwipeRecognizer(axis: .horizontal, config: config)
        vertical = SwipeRecognizer(axis: .vertical, config: config)
        activeTouch = event.id
        winner = nil
        start = event.position
        startTime = event.time
    }

    /// The touch was a tap: the second of a double tap, a tap held back for a double tap
    /// declared here, or an immediate one.
    private func tapWon(_ point: Point, _ event: PointerEvent) -> [GestureOutput] {
        if var wait = doubleTap, wait.phase == .possible, wait.hasSecondTouch {
            wait.secondTouchEnded(asTap: true)
            doubleTap = wait
            return win(.doubleTap, event) + [.doubleTap(point)]
        }
        let out = win(.tap, event)
        guard let name = members.doubleTap else { return out + [.tap(point)] }
        doubleTap = DoubleTapRecognizer(firstTapAt: point, upAt: event.time, config: config)
        doubleTapName = name
        lastResolution?.reason +=
            "; held for the double tap of \(name) "
            + "(a second tap within \(GestureWording.seconds(config.doubleTapInterval)) s)"
        return out
    }

    /// The double tap failed: the tap it held back happens now.
    private func releaseHeldTap(_ time: Double) -> [GestureOutput] {
        guard let wait = doubleTap, wait.phase == .failed else { return [] }
        let why = wait.failure.map(\.description) ?? "failed"
        if !isTracking || winner != nil, var resolution = lastResolution {
            resolution.reason = "tap, released: the double tap of \(doubleTapName ?? "a widget") failed (\(why))"
            lastResolution = resolution
        }
        doubleTap = nil
        return [.tap(wait.first)]
    }

    /// Decides the touch: every other recognizer still possible fails, and the decision is
    /// recorded for the inspector.
    /// Returns the held tap when this touch was a double tap's second and won as no tap.
    @discardableResult
    private func win(_ outcome: GestureResolution.Outcome, _ event: PointerEvent) -> [GestureOutput] {
        winner = outcome
        drag?.preempt()
        longPress?.preempt()
        tap.preempt()
        horizontal.preempt()
        vertical.preempt()
        let reason: String
        switch outcome {
        case .tap:
            reason =
                "tap: up after \(GestureWording.seconds(tap.duration)) s "
                + "within \(GestureWording.px(tap.maxDistance)) px"
        case .swipe(let axis):
            let movement = (axis == .horizontal ? horizontal : vertical).movement
            let along = abs(axis.component(of: movement)), across = abs(axis.across.component(of: movement))
            reason =
                "\(axis.rawValue) swipe: moved \(GestureWording.px(along)) px along, "
                + "\(GestureWording.px(across)) across after \(GestureWording.seconds(event.time - startTime)) s"
        case .longPress:
            reason =
                "long press of \(members.longPress ?? "a widget"): held \(GestureWording.seconds(event.time - startTime)) s "
                + "within \(GestureWording.px(longPress?.maxDistance ?? 0)) px"
        case .doubleTap:
            let gap = startTime - (doubleTap?.firstUpTime ?? startTime)
            reason =
                "double tap of \(doubleTapName ?? "a widget"): second touch down \(GestureWording.seconds(gap)) s "
                + "after the first tap, \(GestureWording.px(start.distance(to: doubleTap?.first ?? start))) px away"
        case .drag:
            let movement = event.position - start
            reason =
                "widget drag: moved \(GestureWording.px(movement.x)), \(GestureWording.px(movement.y)) px "
                + "after \(GestureWording.seconds(event.time - startTime)) s, before any swipe"
        case .nothing:
            reason = "nothing: " + failures()
        }
        lastResolution = resolution(outcome, event, reason: reason)
        guard outcome != .tap, outcome != .doubleTap, var wait = doubleTap, wait.hasSecondTouch else { return [] }
        wait.secondTouchEnded(asTap: false)
        doubleTap = wait
        let released = releaseHeldTap(event.time)
        lastResolution = resolution(outcome, event, reason: reason)
        return released
    }

    private func resolution(
        _ outcome: GestureResolution.Outcome, _ event: PointerEvent,
        reason: String
    ) -> GestureResolution {
        var resolution = GestureResolution(
            outcome: outcome, touchID: event.id, duration: event.time - startTime,
            movement: event.position - start, reason: reason)
        let doubleTapper = doubleTap?.hasSecondTouch == true ? doubleTapName : members.doubleTap
        resolution.competitors =
            (drag == nil ? [] : ["drag of \(members.dragName ?? "a widget")"])
            + (longPress == nil ? [] : ["long press of \(members.longPress ?? "a widget")"])
            + (doubleTapper.map { ["double tap of \($0)"] } ?? [])
            + ["tap", "horizontal swipe", "vertical swipe"]
        return resolution
    }

    private func failures() -> String {
        func text(_ failure: CustomStringConvertible?) -> String {
            failure.map(\.description) ?? "no decision"
        }
        let dragText = drag.map { "widget drag: \(text($0.failure)); " } ?? ""
        let pressText = longPress.map { "long press: \(text($0.failure)); " } ?? ""
        return dragText + pressText + "tap: \(text(tap.failure)); horizontal swipe: \(text(horizontal.failure)); "
            + "vertical swipe: \(text(vertical.failure))"
    }
}
