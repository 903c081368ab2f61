import StudioKit

/// Seed 003's type A, the studio of the host: the streamer's own view. The host panel
/// (beauty controls, Go Live / End) drives it: before going live the studio is a preview,
/// the badge says so and the widgets that show the audience (comments, audience list,
/// barrage, gift banners) are hidden, since nobody watches yet; going live reveals them,
/// ending the live hides them again and notes how long it lasted. The comments sit just
/// above the panel, so the host reads them while the controls stay in reach.
public final class HostStudio: BasicBusinessStudio, StudioKind {
    public static let kind = StudioKinds.host
    public static let requiredWidgets = [HostPanelWidget.catalogName]
    /// Catalogue names of the widgets that show the audience: hidden while not live.
    public static let audienceWidgets = ["commentList", "audienceList", "danmaku", "giftCombo"]

    public private(set) var isLive = false
    /// Seconds the last live lasted, once one ended.
    public private(set) var lastLiveDuration: Double?

    public override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .liveStarted, .liveEnded)
        let panel = widget(named: HostPanelWidget.catalogName) as? HostPanelWidget
        // After every widget's didLoad: the panel has taken its configured place.
        if let panel, let comments = widget(named: CommentListWidget.catalogName) {
            comments.frame.origin.y = min(comments.frame.minY, panel.frame.minY - comments.frame.height - 12)
        }
        // The panel may be configured to start live.
        setLive(panel?.isLive ?? false)
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        switch name {
        case .liveStarted:
            setLive(true)
        case .liveEnded:
            if case .double(let seconds) = userInfo { lastLiveDuration = seconds }
            setLive(false)
        default:
            break
        }
    }

    private func setLive(_ live: Bool) {
        isLive = live
        setBadgeDetail(live ? "LIVE" : "Preview")
        (widget(named: VideoPlayerWidget.catalogName) as? VideoPlayerWidget)?.label = live ? .live : .preview
        for name in Self.audienceWidgets { widget(named: name)?.isHidden = !live }
    }
}
