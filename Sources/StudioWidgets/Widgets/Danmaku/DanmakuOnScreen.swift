import StudioDomain
import StudioKit

/// A comment on screen as tests and the inspector see it.
package struct DanmakuOnScreen: Hashable, Sendable {
    package var text: String
    package var mode: DanmakuModeKind
    package var size: DanmakuSize
    /// The first lane it holds (moving or fixed), 0 at the band's top; -1 for a positioned one.
    package var lane: Int
    /// How many lanes it holds (0 for a positioned one).
    package var laneSpan: Int
    /// Its place in the order of entry, increasing: in a lane, later comments are behind.
    package var order: Int
    /// Where its box sits, in the widget's coordinates (x may be off screen): the lanes it
    /// holds, the text's width; a positioned comment's text box.
    package var frame: Rect
    package var isPaused: Bool
    /// Its opacity (before the settings' opacity): below 1 for a positioned comment fading, or
    /// a moving one fading out before an area kept clear.
    package var alpha: Double
    /// Whether it is the viewer's own comment (drawn with a border).
    package var isOwn = false
}
