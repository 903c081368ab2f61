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
/// Post it as `.danmakuArrived` to choose style and colour; a `Comment` posted as
/// `.commentArrived` scrolls in white (most real barrage is white).
public struct DanmakuItem: Hashable, Sendable {
    public var user: String
    public var text: String
    public var color: Color
    public var style: DanmakuStyle
    /// The viewer's own comment: drawn inside a frame, as players mark what you sent.
    public var isOwn: Bool

    public init(user: String = "", text: String, color: Color = .white, style: DanmakuStyle = .scroll, isOwn: Bool = false) {
        self.user = user
        self.text = text
        self.color = color
        self.style = style
        self.isOwn = isOwn
    }

    /// A scrolling, white comment from a comment-list `Comment` (framed when it is the viewer's).
    public init(_ comment: Comment, style: DanmakuStyle = .scroll, color: Color = .white) {
        self.init(user: comment.user, text: comment.text, color: color, style: style, isOwn: comment.isOwn)
    }
}
