/// The states of a gesture recognizer (as in every UI toolkit): a touch starts `possible`;
/// a discrete gesture (tap) goes to `ended` or `failed`; a continuous one (swipe) goes
/// `began` -> `changed`* -> `ended` or `cancelled`, or `failed` before it begins.
public enum GesturePhase: String, Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

public enum SwipeAxis: String, Hashable, Sendable, CaseIterable { case horizontal, vertical }

/// A swipe's state, reported on every change so the page can follow the finger.
public struct SwipeInfo: Hashable, Sendable {
    package var axis: SwipeAxis
    public var phase: GesturePhase
    /// Where the touch went down, in logical pixels.
    public var start: Point
    /// Movement along the axis since the touch went down (positive = right / down).
    public var translation: Double
    /// Velocity along the axis in logical pixels per second (positive = right / down).
    public var velocity: Double
    /// `translation` over the viewport's extent along the axis, clamped to -1...1.
    package var progress: Double
    /// On `ended`: whether the swipe went far or fast enough to count (switch room,
    /// toggle lite). False on every other phase.
    package var committed: Bool

    public init(
        axis: SwipeAxis, phase: GesturePhase, start: Point, translation: Double,
        velocity: Double, progress: Double, committed: Bool
    ) {
        self.axis = axis
        self.phase = phase
        self.start = start
        self.translation = translation
        self.velocity = velocity
        self.progress = progress
        self.committed = committed
    }

    /// +1 for right/down, -1 for left/up, 0 when not moved.
    public var direction: Int { translation > 0 ? 1 : (translation < 0 ? -1 : 0) }
}
