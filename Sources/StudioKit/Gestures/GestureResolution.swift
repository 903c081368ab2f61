/// How the router decided a touch, for the inspector: which recognizer won and why.
package struct GestureResolution: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        case tap
        case swipe(SwipeAxis)
        /// The widget under the finger dragged (a slider, a pad): the studio's swipes lost.
        case drag
        /// A finger rested on a widget that long-presses, within the tap slop.
        case longPress
        /// The second of two taps on a widget that double taps.
        case doubleTap
        /// Every recognizer failed: the touch was no gesture.
        case nothing
    }

    package var outcome: Outcome
    package var touchID: Int
    /// Seconds from down to the decision.
    package var duration: Double
    /// Where the touch was at the decision, relative to where it went down.
    package var movement: Point
    /// The decision in words, for example "tap: up after 0.12 s within 3 px" or
    /// "horizontal swipe: moved 40 px along, 5 across after 0.08 s".
    package var reason: String
    /// Every recognizer that competed for the touch, in the order the arena asks them
    /// ("drag of clawPad", "long press of commentList", "double tap of room", "tap",
    /// "horizontal swipe", "vertical swipe").
    package var competitors: [String] = []

    package init(outcome: Outcome, touchID: Int, duration: Double, movement: Point, reason: String) {
        self.outcome = outcome
        self.touchID = touchID
        self.duration = duration
        self.movement = movement
        self.reason = reason
    }

    package var description: String { reason }
}
