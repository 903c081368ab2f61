/// A widget that owns the drags that start inside its bounds (a control pad a finger slides
/// on): a swipe that starts on it neither changes the room nor toggles lite mode, while a
/// swipe that starts anywhere else still does. Ownership ends at the widget's bounds, so
/// such a widget never blocks the room gesture over the whole screen.
public protocol DragOwningWidget: Widget {}
