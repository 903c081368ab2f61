/// What a tap and a long press both follow: one touch from its down, where it went down and
/// when, and how far it has strayed from there. Each recognizer keeps its own phase and
/// reasons for failing (`StillTouchGesture` has the rules they fail by alike).
public struct StillTouch: Hashable, Sendable {
    /// The touch being followed; nil before the first down.
    package private(set) var touchID: Int?
    /// Where the touch went down: the point a recognized gesture reports, so that it lands on
    /// the widget that was hit-tested on down.
    public private(set) var start: Point = .zero
    package private(set) var startTime: Double = 0
    /// The farthest the touch went from `start`.
    package private(set) var maxDistance: Double = 0

    public init() {}

    /// Starts following the touch that `event` (a down) begins.
    mutating func begin(_ event: PointerEvent) {
        self = StillTouch()
        touchID = event.id
        start = event.position
        startTime = event.time
    }

    /// Whether `event` is of the followed touch.
    func owns(_ event: PointerEvent) -> Bool { touchID != nil && event.id == touchID }

    /// Takes `event`'s position into `maxDistance`.
    mutating func track(_ event: PointerEvent) { maxDistance = max(maxDistance, event.position.distance(to: start)) }
}

/// Why a gesture of a still touch failed, as far as a tap and a long press fail alike.
package protocol StillTouchFailure {
    static func movedBeyondSlop(distance: Double, slop: Double) -> Self
    static var cancelled: Self { get }
    /// Another gesture won the touch.
    static var preempted: Self { get }
}

/// A recognizer of one touch that must stay within `tapSlop` of where it went down: a tap
/// or a long press. What they do alike is here: following the touch, failing when it is
/// cancelled, strays or is preempted; each adds its own limit in time and its success.
package protocol StillTouchGesture {
    associatedtype Failure: StillTouchFailure
    var config: GestureConfig { get }
    var touch: StillTouch { get set }
    var phase: GesturePhase { get set }
    var failure: Failure? { get set }
}

extension StillTouchGesture {
    package var touchID: Int? { touch.touchID }
    package var startTime: Double { touch.startTime }
    /// The farthest the touch went from where it went down.
    package var maxDistance: Double { touch.maxDistance }

    /// Fails the gesture if it is still possible (a competing gesture won).
    package mutating func preempt() {
        if phase == .possible, touchID != nil { fail(.preempted) }
    }

    /// Takes `event`, of the followed touch, into it; fails the gesture when the touch was
    /// cancelled or went beyond the slop. True while the gesture is still possible.
    mutating func followStill(_ event: PointerEvent) -> Bool {
        touch.track(event)
        if event.phase == .cancelled {
            fail(.cancelled)
        } else if maxDistance > config.tapSlop {
            fail(.movedBeyondSlop(distance: maxDistance, slop: config.tapSlop))
        }
        return phase == .possible
    }

    mutating func fail(_ why: Failure) {
        phase = .failed
        failure = why
    }
}
