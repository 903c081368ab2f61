/// What a platform must do for the loop (the core never sees a screen): hand over input
/// since the last frame, render a display list, and present it. StudioSDL implements it
/// with a window or an offscreen surface; tests use a recording backend.
public protocol Backend: AnyObject {
    /// The input that arrived since the last call, oldest first, in logical coordinates.
    func pollInput(now: Double) -> [InputEvent]
    /// Turns the display list into pixels on the backend's target (not yet visible).
    func render(_ list: DisplayList) throws
    /// Makes the rendered frame visible (a window swap; a no-op offscreen).
    func present() throws
    /// The measurer that matches how this backend draws text.
    var textMeasurer: TextMeasurer { get }
    /// The loop has stopped: a backend that draws behind the loop (a window) finishes the
    /// frame it is drawing, so that no thread still writes into memory the platform frees
    /// when the window or the process goes. Does nothing by default.
    func stop()
}

extension Backend {
    public func stop() {}
}
