import StudioKit

/// A scrolling comment on screen, laid out once when it entered: text measured, speed fixed.
/// Its left edge is at `screenWidth - speed * elapsed`.
struct ScrollingDanmaku {
    var text: String
    var color: Color
    /// The viewer's own comment, drawn framed.
    var isOwn = false
    var width: Double
    var speed: Double
    var lane: Int
    /// Its place in its lane (increasing): later comments are behind it.
    var order: Int
    /// Seconds it has moved (standing still while its lane is frozen).
    var elapsed = 0.0
    /// Seconds it stays paused (and highlighted) after a tap; 0 when moving.
    var pauseRemaining = 0.0
}

/// A top or bottom comment on screen: centred in its row until it expires.
struct FixedDanmaku {
    var text: String
    var color: Color
    var width: Double
    var style: DanmakuStyle
    var row: Int
    var remaining: Double
}

/// A comment on screen as tests and the inspector see it.
public struct DanmakuOnScreen: Hashable, Sendable {
    public var text: String
    public var style: DanmakuStyle
    /// The lane (scrolling) or row (fixed), 0 at the band's top.
    public var lane: Int
    /// Its place in its lane, increasing (scrolling comments only; 0 for fixed ones).
    public var order: Int
    /// Where its text sits, in the widget's coordinates (x may be off screen).
    public var frame: Rect
    public var isPaused: Bool
}
