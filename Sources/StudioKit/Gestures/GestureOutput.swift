/// What the gesture router recognized on one pointer event.
public enum GestureOutput: Hashable, Sendable {
    /// A tap, at the point where the touch went down (logical pixels).
    case tap(Point)
    /// A swipe began, moved, ended (see `SwipeInfo.committed`) or was cancelled.
    case swipe(SwipeInfo)
    /// The drag of the widget the touch went down on began, moved, ended or was cancelled
    /// (root coordinates).
    case drag(DragInfo)
}
