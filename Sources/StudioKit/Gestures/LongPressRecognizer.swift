/// Recognizes a long press: a finger that rests within `tapSlop` of where it went down for
/// `longPressDuration`. Fed the pointer events of one touch and the clock (`advance(to:)`):
/// time passing with no event at all is what makes it win, so the router asks it on every
/// step, not only when the finger moves.
///
/// `possible` on down; `ended` once the duration has passed with the finger within the
/// slop (on an event or on `advance`, whichever comes first); `failed` when the finger moves
/// beyond the slop, comes up or is cancelled first, or another gesture won.
public struct LongPressRecognizer: Hashable, Sendable, StillTouchGesture {
    public enum Failure: Hashable, Sendable, CustomStringConvertible, StillTouchFailure {
        case movedBeyondSlop(distance: Double, slop: Double)
        case liftedEarly(duration: Double, limit: Double)
        case cancelled
        case preempted

        public var description: String {
            switch self {
            case let .movedBeyondSlop(d, slop):
                "moved \(GestureWording.px(d)) px, beyond the \(GestureWording.px(slop)) px slop"
            case let .liftedEarly(t, limit):
                "lifted after \(GestureWording.seconds(t)) s, before \(GestureWording.seconds(limit)) s"
            case .cancelled: "touch cancelled"
            case .preempted: "another gesture won"
            }
        }
    }

    public let config: GestureConfig
    public package(set) var phase: GesturePhase = .possible
    /// The touch followed (`touchID`, `start`, `startTime`, `maxDistance`).
    public package(set) var touch = StillTouch()
    /// Where the touch went down: the point a recognized long press reports.
    public var start: Point { touch.start }
    package var failure: Failure?

    public init(config: GestureConfig = GestureConfig()) {
        self.config = config
    }

    /// When the press is recognized if the finger stays.
    public var deadline: Double { startTime + config.longPressDuration }

    /// Feeds one pointer event. Returns the press point when this event recognized it.
    /// - Complexity: O(1).
    public mutating func handle(_ event: PointerEvent) -> Point? {
        if event.phase == .down {
            self = LongPressRecognizer(config: config)
            touch.begin(event)
            return nil
        }
        guard touch.owns(event), phase == .possible else { return nil }
        // The duration passed before this event arrived, while the finger was still within
        // the slop (or it would have failed on an earlier event): the press was due first.
        if let point = advance(to: event.time) { return point }
        guard followStill(event) else { return nil }
        if event.phase == .up {
            fail(.liftedEarly(duration: event.time - startTime, limit: config.longPressDuration))
        }
        return nil
    }

    /// The clock reached `time`: returns the press point when the finger has rested long
    /// enough, once.
    public mutating func advance(to time: Double) -> Point? {
        guard phase == .possible, touchID != nil, time >= deadline else { return nil }
        phase = .ended
        return start
    }
}
