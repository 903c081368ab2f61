import StudioKit

/// Where a danmaku comment sits: crossing the band right to left, or fixed in the middle of
/// a lane counted from the band's top or bottom for a few seconds.
public enum DanmakuStyle: String, Hashable, Sendable, CaseIterable {
    case scroll
    case top
    case bottom
}

/// One comment of the barrage: who sent it, what it says, its colour and style.
///
/// Post it as `.commentArrived` with payload `.custom(DanmakuItem)` to choose style and
/// colour; a plain `.custom(Comment)` scrolls in white (most real barrage is white).
public struct DanmakuItem: Hashable, Sendable {
    public var user: String
    public var text: String
    public var color: Color
    public var style: DanmakuStyle

    public init(user: String = "", text: String, color: Color = .white, style: DanmakuStyle = .scroll) {
        self.user = user
        self.text = text
        self.color = color
        self.style = style
    }

    /// A scrolling, white comment from a comment-list `Comment`.
    public init(_ comment: Comment, style: DanmakuStyle = .scroll, color: Color = .white) {
        self.init(user: comment.user, text: comment.text, color: color, style: style)
    }
}
