/// Recognizes a tap: a touch that goes down and comes up quickly, close to where it went
/// down. Fed the pointer events of one touch in order: a down starts over with that touch,
/// other events of other touches are ignored.
///
/// `possible` on down; `ended` on an up within the limits; `failed` as soon as the touch
/// moves beyond `tapSlop`, lasts longer than `tapMaxDuration`, is cancelled, or is
/// preempted by a swipe. The limits are checked on every event, so a finger that rests
/// without moving fails when it comes up.
public struct TapRecognizer: Hashable, Sendable, StillTouchGesture {
    /// Why a tap failed.
    public enum Failure: Hashable, Sendable, CustomStringConvertible, StillTouchFailure {
        case movedBeyondSlop(distance: Double, slop: Double)
        case heldTooLong(duration: Double, limit: Double)
        case cancelled
        /// A swipe began, and one touch is never both.
        case preempted

        public var description: String {
            switch self {
            case let .movedBeyondSlop(d, slop):
                "moved \(GestureWording.px(d)) px, beyond the \(GestureWording.px(slop)) px slop"
            case let .heldTooLong(t, limit):
                "held \(GestureWording.seconds(t)) s, longer than \(GestureWording.seconds(limit)) s"
            case .cancelled: "touch cancelled"
            case .preempted: "a swipe began"
            }
        }
    }

    public let config: GestureConfig
    /// `possible` also before the first touch; see `touchID`.
    public package(set) var phase: GesturePhase = .possible
    /// The touch followed (`touchID`, `start`, `startTime`, `maxDistance`).
    public package(set) var touch = StillTouch()
    /// Where the touch went down; this is the point a recognized tap reports.
    public var start: Point { touch.start }
    /// Seconds from down to the latest event.
    public private(set) var duration: Double = 0
    package var failure: Failure?

    public init(config: GestureConfig = GestureConfig()) {
        self.config = config
    }

    /// Feeds one pointer event. Returns the tap's point when this event recognized it.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func handle(_ event: PointerEvent) -> Point? {
        if event.phase == .down {
            self = TapRecognizer(config: config)
            touch.begin(event)
            return nil
        }
        guard touch.owns(event), phase == .possible else { return nil }
        duration = event.time - startTime
        guard followStill(event) else { return nil }
        if duration > config.tapMaxDuration {
            fail(.heldTooLong(duration: duration, limit: config.tapMaxDuration))
        } else if event.phase == .up {
            phase = .ended
            return start
        }
        return nil
    }
}
