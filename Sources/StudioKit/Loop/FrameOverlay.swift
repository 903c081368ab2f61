/// Something an engineer puts over the room: the inspector (bounds, exploded view, layer
/// isolation, gesture trace) or the profiling HUD. Overlays see input before the studio
/// (to take their own keys) and get the finished frame after the room is drawn.
public protocol FrameOverlay: AnyObject {
    /// Sees each input event first, in overlay order; return true to keep it from the
    /// studio (and from later overlays).
    func handle(_ event: InputEvent, driver: StudioDriver) -> Bool
    /// Runs after the room's update, just before it is drawn: a change made here shows in
    /// this frame (a tool's edit of a widget).
    func willDraw(driver: StudioDriver)
    /// Runs after the room is drawn into `canvas` (its list holds the five layers): append
    /// items on top, or replace the list (`Canvas.replaceList`) to show the frame differently.
    func decorate(_ canvas: Canvas, driver: StudioDriver)
    /// Sees each note of the room's server as the inbox phase hands it to the room (a late
    /// note of a previous room, dropped there, is not shown).
    func noteArrived(_ note: StudioNote, driver: StudioDriver)
}

extension FrameOverlay {
    public func handle(_ event: InputEvent, driver: StudioDriver) -> Bool { false }
    public func noteArrived(_ note: StudioNote, driver: StudioDriver) {}
    public func willDraw(driver: StudioDriver) {}
}

/// Measures what each widget costs (its own update and draw, children excluded) when set on
/// a studio's environment. Off (nil) by default: the traversal then only checks for nil.
public protocol WidgetProbe: AnyObject {
    /// A reading of a monotonic clock, in seconds.
    func now() -> Double
    /// A widget's own update or draw, children excluded.
    func record(_ widget: Widget, _ phase: WidgetPhase, seconds: Double)
    /// The same, placed on `now()`'s clock (a trace draws it): the widget's own work ran from
    /// `start` to `ownEnd`, and its children's after it, up to `end`. Spans so made nest as
    /// the tree does, and a parent's covers its subtree.
    func record(_ widget: Widget, _ phase: WidgetPhase, start: Double, ownEnd: Double, end: Double)
    /// Work the studio does itself in a step, beside its widgets' (gestures' timers, lite
    /// mode's slide), so that a trace accounts for the whole step.
    func record(studioWork name: String, start: Double, end: Double)
    /// The display-list items a widget's own `draw(in:)` appended this frame (its children's
    /// come after), so the renderer's cost per item can be summed per widget.
    func record(_ widget: Widget, items: Range<Int>)
}

extension WidgetProbe {
    public func record(studioWork name: String, start: Double, end: Double) {}

    public func record(_ widget: Widget, items: Range<Int>) {}

    public func record(_ widget: Widget, _ phase: WidgetPhase, start: Double, ownEnd: Double, end: Double) {
        record(widget, phase, seconds: ownEnd - start)
    }
}

public enum WidgetPhase: String, Hashable, Sendable { case update, draw }
