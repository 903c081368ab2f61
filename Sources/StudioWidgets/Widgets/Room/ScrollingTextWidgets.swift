import StudioDomain
import StudioKit

// The widgets whose text moves on purpose (`ScrollingText`): the audit does not call such
// text cut along the axis it moves; a band its text sweeps covers what lies under it.

/// Scrolling comments enter the band at its right edge, cross it and leave at its left.
extension DanmakuWidget: ScrollingText {
    public var textScrollAxes: DragAxes { .horizontal }
    public var textSweepsFrame: Bool { true }
}

/// A new line slides the list up from below its frame; then the lines rest.
extension CommentListWidget: ScrollingText {
    public var textScrollAxes: DragAxes { .vertical }
}

/// A banner slides in from the left edge, holds, then slides out the same way.
extension GiftComboWidget: ScrollingText {
    package var textScrollAxes: DragAxes { .horizontal }
}
