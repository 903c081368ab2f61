/// What the gesture router recognized on one pointer event.
public enum GestureOutput: Hashable, Sendable {
    /// A tap, at the point where the touch went down (logical pixels).
    case tap(Point)
    /// A swipe began, moved, ended (see `SwipeInfo.committed`) or was cancelled.
    case swipe(SwipeInfo)
    /// The drag of the widget the touch went down on began, moved, ended or was cancelled
    /// (root coordinates).
    case drag(DragInfo)
    /// A finger rested long enough on a widget that long-presses: where it went down.
    case longPress(Point)
    /// A second tap came soon and close enough after a first on a widget that double taps:
    /// where the second went down. The first tap was held back and is never reported.
    case doubleTap(Point)
}
