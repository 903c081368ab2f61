/// What a tap and a long press both follow: one touch from its down, where it went down and
/// when, and how far it has strayed from there. Each recognizer keeps its own phase and
/// reasons for failing; this is the part they share.
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
