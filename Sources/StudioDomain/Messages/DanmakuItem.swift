import StudioKit

/// One comment of the barrage: who sent it, what it says, its color, mode and size.
///
/// Post it as `.danmakuArrived` to choose mode, size and color; a `Comment` posted as
/// `.commentArrived` shows with its `danmaku` look, or scrolls in white at the normal size
/// when it has none (most real barrage does).
package struct DanmakuItem: Hashable, Sendable {
    package var user: String
    package var text: String
    package var color: Color
    package var mode: DanmakuMode
    package var size: DanmakuSize
    /// The viewer's own comment: drawn inside a frame, as players mark what you sent.
    package var isOwn: Bool

    package init(
        user: String = "", text: String, color: Color = .white, mode: DanmakuMode = .scroll,
        size: DanmakuSize = .normal, isOwn: Bool = false
    ) {
        self.user = user
        self.text = text
        self.color = color
        self.mode = mode
        self.size = size
        self.isOwn = isOwn
    }

    /// A comment-list `Comment` as barrage, with the look its source gave it (framed when it
    /// is the viewer's).
    package init(_ comment: Comment) {
        let look = comment.danmaku ?? DanmakuLook()
        self.init(
            user: comment.user, text: comment.text, color: look.color, mode: look.mode, size: look.size,
            isOwn: comment.isOwn)
    }

    /// Whether it is drawn in a color other than white: what "hide colored danmaku" hides
    /// (the alpha does not count).
    package var isColored: Bool { color.r != 255 || color.g != 255 || color.b != 255 }
}
