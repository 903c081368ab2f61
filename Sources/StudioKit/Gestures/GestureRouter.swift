/// The gesture arena: feeds the pointer events of one touch to a tap, a horizontal swipe
/// and a vertical swipe recognizer, and to the drag recognizer of the widget the touch went
/// down on when that widget drags there, and lets exactly one of them win, so one touch
/// never yields both a tap and a swipe, nor a widget's drag and a swipe.
///
/// One touch at a time: the first finger down is followed until it comes up or is
/// cancelled; other fingers are ignored meanwhile (their events produce nothing). A second
/// `down` of the followed finger means its `up` was lost: the old touch is cancelled first.
public final class GestureRouter {
    /// The thresholds; a change takes effect at the next touch.
    public var config: GestureConfig
    /// The finger being followed, nil between touches.
    public private(set) var activeTouch: Int?
    /// The recognizers of the current (or last) touch, for the inspector.
    public private(set) var tap: TapRecognizer
    public private(set) var horizontal: SwipeRecognizer
    public private(set) var vertical: SwipeRecognizer
    /// The touched widget's drag, when it joined the arena for this touch.
    public private(set) var drag: DragRecognizer?
    /// The name of the widget whose drag joined this touch, for the inspector.
    public private(set) var memberName: String?
    /// How the latest decided touch was decided; it stays until the next decision.
    public private(set) var lastResolution: GestureResolution?

    private var winner: GestureResolution.Outcome?
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
    public var isTracking: Bool { activeTouch != nil }

    /// Feeds one pointer event. Returns what it made happen, usually nothing or one output
    /// (two when a lost `up` is cancelled by a new `down`).
    /// - Parameter memberDrag: on a `down`, the directions the widget under the finger drags
    ///   in there (nil: it does not drag); it joins the arena for this touch. Ignored on
    ///   other phases.
    /// - Complexity: O(1) amortized; runs per pointer event.
    public func handle(_ event: PointerEvent, memberDrag: DragAxes? = nil, memberName: String? = nil) -> [GestureOutput] {
        guard event.phase != .hovered else { return [] }  // a mouse with no button held: no touch
        var out: [GestureOutput] = []
        if event.phase == .down {
            if let active = activeTouch {
                guard active == event.id else { return [] }
                out += cancelTouch(at: event.time)
            }
            startTouch(event, memberDrag: memberDrag)
            self.memberName = memberDrag == nil ? nil : memberName
        }
        guard event.id == activeTouch else { return out }
        lastPosition = event.position

        // Arena order for one event: the widget's drag, the tap, the horizontal and the
        // vertical swipe each see it; then the widget's drag, if it began, wins first: a
        // widget's own drag inside its bounds beats the studio's swipes, also when both
        // would begin on the same sample (it needs less movement, so it usually begins
        // earlier). Else a swipe that began wins and preempts the tap and the other swipe (a
        // dominance >= 1 keeps both axes from beginning on one sample); a tap is recognized
        // only on up, when nothing can begin any more, and wins if nothing won before.
        let dragInfo = drag?.handle(event)
        let tapPoint = tap.handle(event)
        let hInfo = horizontal.handle(event)
        let vInfo = vertical.handle(event)
        if winner == nil {
            if dragInfo?.phase == .began {
                win(.drag, event)
            } else if hInfo?.phase == .began {
                win(.swipe(.horizontal), event)
            } else if vInfo?.phase == .began {
                win(.swipe(.vertical), event)
            } else if let tapPoint {
                win(.tap, event)
                out.append(.tap(tapPoint))
            }
        }
        switch winner {
        case .swipe(.horizontal): if let hInfo { out.append(.swipe(hInfo)) }
        case .swipe(.vertical): if let vInfo { out.append(.swipe(vInfo)) }
        case .drag: if let dragInfo { out.append(.drag(dragInfo)) }
        case .tap, .nothing, nil: break
        }

        let allFailed = tap.phase == .failed && horizontal.phase == .failed && vertical.phase == .failed
            && (drag?.phase ?? .failed) == .failed
        if winner == nil, allFailed || event.phase == .up || event.phase == .cancelled {
            win(.nothing, event)
        }
        if event.phase == .up || event.phase == .cancelled { activeTouch = nil }
        return out
    }

    /// Cancels the followed touch, as if its finger reported `cancelled` where it last was
    /// (for example when the window loses focus). Returns the swipe's `cancelled` output
    /// when one was in progress.
    public func cancelTouch(at time: Double) -> [GestureOutput] {
        guard let active = activeTouch else { return [] }
        return handle(PointerEvent(.cancelled, id: active, at: lastPosition, time: time))
    }

    private func startTouch(_ event: PointerEvent, memberDrag: DragAxes?) {
        drag = memberDrag.map { DragRecognizer(axes: $0, config: config) }
        tap = TapRecognizer(config: config)
        horizontal = SwipeRecognizer(axis: .horizontal, config: config)
        vertical = SwipeRecognizer(axis: .vertical, config: config)
        activeTouch = event.id
        winner = nil
        start = event.position
        startTime = event.time
    }

    /// Decides the touch: every other recognizer still possible fails, and the decision is
    /// recorded for the inspector.
    private func win(_ outcome: GestureResolution.Outcome, _ event: PointerEvent) {
        winner = outcome
        drag?.preempt()
        tap.preempt()
        horizontal.preempt()
        vertical.preempt()
        let reason: String
        switch outcome {
        case .tap:
            reason = "tap: up after \(GestureWording.seconds(tap.duration)) s "
                + "within \(GestureWording.px(tap.maxDistance)) px"
        case .swipe(let axis):
            let movement = (axis == .horizontal ? horizontal : vertical).movement
            let along = abs(axis.component(of: movement)), across = abs(axis.across.component(of: movement))
            reason = "\(axis.rawValue) swipe: moved \(GestureWording.px(along)) px along, "
                + "\(GestureWording.px(across)) across after \(GestureWording.seconds(event.time - startTime)) s"
        case .drag:
            let movement = event.position - start
            reason = "widget drag: moved \(GestureWording.px(movement.x)), \(GestureWording.px(movement.y)) px "
                + "after \(GestureWording.seconds(event.time - startTime)) s, before any swipe"
        case .nothing:
            reason = "nothing: " + failures()
        }
        lastResolution = resolution(outcome, event, reason: reason)
    }

    private func resolution(_ outcome: GestureResolution.Outcome, _ event: PointerEvent,
                            reason: String) -> GestureResolution {
        var resolution = GestureResolution(outcome: outcome, touchID: event.id, duration: event.time - startTime,
                                           movement: event.position - start, reason: reason)
        resolution.competitors = (drag == nil ? [] : ["drag of \(memberName ?? "a widget")"])
            + ["tap", "horizontal swipe", "vertical swipe"]
        return resolution
    }

    private func failures() -> String {
        func text(_ failure: CustomStringConvertible?) -> String {
            failure.map(\.description) ?? "no decision"
        }
        let dragText = drag.map { "widget drag: \(text($0.failure)); " } ?? ""
        return dragText + "tap: \(text(tap.failure)); horizontal swipe: \(text(horizontal.failure)); "
            + "vertical swipe: \(text(vertical.failure))"
    }
}
