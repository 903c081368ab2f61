import StudioDomain
import StudioKit

/// A comment on screen as tests and the inspector see it.
public struct DanmakuOnScreen: Hashable, Sendable {
    public var text: String
    public var mode: DanmakuModeKind
    public var size: DanmakuSize
    /// The first lane it holds (moving or fixed), 0 at the band's top; -1 for a positioned one.
    public var lane: Int
    /// How many lanes it holds (0 for a positioned one).
    public var laneSpan: Int
    /// Its place in the order of entry, increasing: in a lane, later comments are behind.
    public var order: Int
    /// Where its box sits, in the widget's coordinates (x may be off screen): the lanes it
    /// holds, the text's width; a positioned comment's text box.
    public var frame: Rect
    public var isPaused: Bool
    /// Its opacity (before the settings' opacity): 1 but for a positioned comment fading.
    public var alpha: Double
}
