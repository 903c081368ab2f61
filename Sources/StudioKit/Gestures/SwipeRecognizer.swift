/// Recognizes a swipe along one axis. Fed the pointer events of one touch in order: a down
/// starts over with that touch, other events of other touches are ignored.
///
/// `possible` on down; `began` once the movement along the axis exceeds
/// `swipeBeginDistance` and dominates the movement across it; `failed` if the movement
/// across exceeds `swipeBeginDistance` first, or the touch ends before the swipe began;
/// then `changed` on every move, and `ended` (committed or not) on up or `cancelled` on
/// cancel. Translation is measured from the down point, so the page follows the finger
/// from where it touched.
public struct SwipeRecognizer: Hashable, Sendable {
    /// Why a swipe failed before it began.
    public enum Failure: Hashable, Sendable, CustomStringConvertible {
        /// The other axis moved more than the begin distance first.
        case crossAxisDominated(along: Double, across: Double)
        /// The touch came up before moving far enough along the axis.
        case liftedBeforeBegin(along: Double, across: Double)
        case cancelled
        /// Another gesture won the touch.
        case preempted

        public var description: String {
            switch self {
            case let .crossAxisDominated(along, across):
                "moved \(GestureWording.px(abs(across))) px across "
                    + "before \(GestureWording.px(abs(along))) along"
            case let .liftedBeforeBegin(along, across):
                "lifted after \(GestureWording.px(abs(along))) px along, "
                    + "\(GestureWording.px(abs(across))) across"
            case .cancelled: "touch cancelled"
            case .preempted: "another gesture won"
            }
        }
    }

    package let axis: SwipeAxis
    public let config: GestureConfig
    /// `possible` also before the first touch; see `touchID`.
    public private(set) var phase: GesturePhase = .possible
    /// The touch being followed; nil before the first down.
    package private(set) var touchID: Int?
    public private(set) var start: Point = .zero
    package private(set) var startTime: Double = 0
    /// Movement from `start` at the latest event of the touch.
    package private(set) var movement: Point = .zero
    /// Seconds from down to the latest event.
    public private(set) var duration: Double = 0
    package private(set) var failure: Failure?
    private var tracker: VelocityTracker

    public init(axis: SwipeAxis, config: GestureConfig = GestureConfig()) {
        self.axis = axis
        self.config = config
        tracker = VelocityTracker(window: config.velocityWindow)
    }

    /// Movement along the axis since down (positive = right / down).
    public var translation: Double { axis.component(of: movement) }

    /// Whether the swipe began and has not finished yet.
    package var isInProgress: Bool { phase == .began || phase == .changed }

    /// Feeds one pointer event. Returns the swipe's state when this event made it begin,
    /// change, end or be cancelled; nil while it is only possible or once it failed.
    /// - Complexity: O(1) amortized.
    @discardableResult
    public mutating func handle(_ event: PointerEvent) -> SwipeInfo? {
        if event.phase == .down {
            self = SwipeRecognizer(axis: axis, config: config)
            touchID = event.id
            start = event.position
            startTime = event.time
            tracker.add(time: event.time, value: 0)
            return nil
        }
        guard event.id == touchID, phase == .possible || isInProgress else { return nil }
        movement = event.position - start
        duration = event.time - startTime
        tracker.add(time: event.time, value: translation)
        let along = translation, across = axis.across.component(of: movement)

        switch (event.phase, phase) {
        case (.moved, .possible):
            let dominance = max(config.swipeDominance, 1)
            if abs(along) > config.swipeBeginDistance, abs(along) > abs(across) * dominance {
                phase = .began
                return info()
            }
            if abs(across) > config.swipeBeginDistance {
                fail(.crossAxisDominated(along: along, across: across))
            }
            return nil
        case (.moved, _):
            phase = .changed
            return info()
        case (.up, .possible):
            fail(.liftedBeforeBegin(along: along, across: across))
            return nil
        case (.up, _):
            phase = .ended
            return info()
        case (.cancelled, .possible):
            fail(.cancelled)
            return nil
        case (.cancelled, _):
            phase = .cancelled
            return info()
        case (.down, _), (.hovered, _):
            return nil  // down is handled above; hover is no touch
        }
    }

    /// Fails the swipe if it has not begun (a competing gesture won).
    package mutating func preempt() {
        if phase == .possible, touchID != nil { fail(.preempted) }
    }

    /// The swipe's state now, as reported to the page.
    public func info() -> SwipeInfo {
        let extent = config.extent(along: axis)
        let t = translation, v = tracker.velocity
        let progress = extent > 0 ? min(max(t / extent, -1), 1) : 0
        var committed = false
        if phase == .ended {
            let far = abs(t) >= config.commitFraction * extent
            let fast = t != 0 && abs(v) >= config.commitVelocity && (v > 0) == (t > 0)
            committed = far || fast
        }
        return SwipeInfo(
            axis: axis, phase: phase, start: start, translation: t,
            velocity: v, progress: progress, committed: committed)
    }

    private mutating func fail(_ why: Failure) {
        phase = .failed
        failure = why
    }
}
