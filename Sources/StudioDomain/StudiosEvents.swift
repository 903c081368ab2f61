import StudioKit

extension EventKey where Payload == String {
    /// Someone asks for a short message in the middle of the screen: its text.
    public static let toastRequested = EventKey("toastRequested")
}

extension EventKey where Payload == NoPayload {
    /// The share button of the bottom bar was tapped.
    public static let shareTapped = EventKey("shareTapped")
    /// The gift button of the bottom bar was tapped.
    package static let giftTapped = EventKey("giftTapped")
    /// The "Say something…" pill was tapped.
    package static let commentInputTapped = EventKey("commentInputTapped")
    /// The host info capsule (not its follow button) was tapped.
    /// - Unheard: for a package's own widget or part; LiveStudio's rooms do nothing more with it.
    package static let hostInfoTapped = EventKey("hostInfoTapped")
    /// The activity badge was tapped.
    /// - Unheard: the icon answers with its own toast; a package's widget or part may open
    ///   more.
    package static let activityTapped = EventKey("activityTapped")
}

extension EventKey where Payload == Point {
    /// The like button of the bottom bar was tapped, at the button's centre in studio
    /// coordinates (hearts rise from there).
    public static let likeTapped = EventKey("likeTapped")
}

extension EventKey where Payload == Bool {
    /// The follow button of the host info was tapped: whether the viewer now follows.
    /// - Unheard: for a package's own widget or part; LiveStudio's rooms do nothing more with it.
    public static let followToggled = EventKey("followToggled")
}

extension EventKey where Payload == Int {
    /// The room's online count changed: the new count.
    package static let onlineCountChanged = EventKey("onlineCountChanged", note: .audience)
}

extension EventKey where Payload == Comment {
    /// A comment arrived for the comment list and the barrage (from a feed, or the viewer's own).
    package static let commentArrived = EventKey("commentArrived", note: .audience)
}

extension EventKey where Payload == DanmakuItem {
    /// A barrage comment with its own style and color (a `commentArrived` comment scrolls in
    /// white); only the barrage shows it.
    /// - Unpublished: no LiveStudio server sends styled danmaku apart from comments; a
    ///   package's feed or a test posts it.
    package static let danmakuArrived = EventKey("danmakuArrived", note: .audience)
}
