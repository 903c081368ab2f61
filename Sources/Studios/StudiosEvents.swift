import StudioKit

/// The events the widgets and studios of this module announce, named for what happened.
extension EventName {
    /// Someone asks for a short message in the middle of the screen. Payload: `.text`.
    public static let toastRequested = EventName("toastRequested")
    /// The share button of the docker was tapped. Payload: `.none`.
    public static let shareTapped = EventName("shareTapped")
    /// The gift button of the docker was tapped. Payload: `.none`.
    public static let giftTapped = EventName("giftTapped")
    /// The like button of the docker was tapped. Payload: `.point`, the button's centre in
    /// studio coordinates (hearts rise from there).
    public static let likeTapped = EventName("likeTapped")
    /// The "Say something…" pill was tapped. Payload: `.none`.
    public static let commentInputTapped = EventName("commentInputTapped")
    /// The follow button of the host info was tapped. Payload: `.bool(isNowFollowing)`.
    public static let followToggled = EventName("followToggled")
    /// The host info capsule (not its follow button) was tapped. Payload: `.none`.
    public static let hostInfoTapped = EventName("hostInfoTapped")
    /// The activity badge was tapped. Payload: `.none`.
    public static let activityTapped = EventName("activityTapped")
    /// The room's online count changed. Payload: `.int(count)`.
    public static let onlineCountChanged = EventName("onlineCountChanged")
}

extension EventKey where Payload == Comment {
    /// A comment arrived for the comment list and the barrage (from a feed, or the viewer's own).
    public static let commentArrived = EventKey("commentArrived")
}

extension EventKey where Payload == DanmakuItem {
    /// A barrage comment with its own style and colour (a `commentArrived` comment scrolls in
    /// white); only the barrage shows it.
    public static let danmakuArrived = EventKey("danmakuArrived")
}
