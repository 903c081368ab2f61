/// A widget whose text moves on purpose: danmaku crossing its band, a ticker, a comment list
/// sliding its lines up when one arrives. The layering audit reads it this way:
/// - `textCut`: text this widget draws past its frame or clip along `textScrollAxes` is on
///   its way in or out, not cut by mistake; past the other axis it is still reported (a
///   danmaku lane too short for its font cuts every comment).
/// - `textCovered`, when `textSweepsFrame`: the text keeps crossing the whole frame, so the
///   frame (within the clip in force) covers any lower widget's text under it, whatever this
///   frame happens to show; and its own text is never called covered, since each line only
///   passes under what lies above the band. Text that slides and then rests (a comment list)
///   is judged where it rests, like any other.
///
/// Declared rather than found by sampling frames: a ticker whose text is longer than its band
/// is cut in every frame, and a danmaku band may show no comment at the sampled frame.
public protocol ScrollingText: Widget {
    /// The axes the text moves along.
    var textScrollAxes: DragAxes { get }
    /// Whether the text keeps crossing the whole frame (danmaku, a ticker) rather than
    /// sliding a little and resting. False unless a widget says so.
    var textSweepsFrame: Bool { get }
}

extension ScrollingText {
    public var textSweepsFrame: Bool { false }
}
