import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The host kind, the studio of the host: the streamer's own view. The studio's live
/// state (`LiveState`) is the stream's: it opens in a preview, the host panel's Go Live
/// makes it live and its End ends it (the panel then shows the summary and a button that
/// leaves the studio: the host leaves by ending the stream, never by swiping; a swipe up or
/// down says so in a toast). While not live the badge says so, the widgets that show the
/// audience (comments, audience list, barrage, gift banners) are hidden, and the server's
/// audience notes do not reach the room at all (`LiveSession.admits`). The comments sit just above
/// the panel, so the host reads them while the controls stay in reach.
public final class HostRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.host
    public static let requiredWidgets = [HostPanelWidget.catalogName]
    public static var opensLive: Bool { false }
    public static var requiredServices: [RoomServiceKey] { [RoomServiceKey((any LiveControlService).self)] }
    /// Catalog names of the widgets that show the audience: hidden while not live.
    package static let audienceWidgets = ["commentList", "audienceList", "danmaku", "giftCombo"]

    package var isLive: Bool { session?.liveState == .live }
    /// The room's live session, which the panel's buttons drive.
    private var session: (any LiveControlService)? { room.service((any LiveControlService).self) }
    /// Seconds the live lasted, once it ended.
    package private(set) var lastLiveDuration: Double?

    public func roomDidLoad() {
        // The panel's buttons: Go Live and End.
        listen(to: .liveStarted) { host, _ in host.session?.goLive() }
        listen(to: .liveEnded) { host, _ in host.session?.endLive() }
        listen(to: .liveStateChanged) { $0.show($1) }
        // A viewer's swipe up or down changes rooms; the host's studio has no next room, so a
        // swipe that would have changed one says how to leave instead of doing nothing.
        listen(to: .verticalSwipe) { host, swipe in
            guard swipe.phase == .ended, swipe.committed else { return }
            host.publish(
                .toastRequested,
                host.isLive
                    ? "You're live: swiping changes rooms for viewers. End the stream to leave"
                    : "Swiping changes rooms for viewers; close the studio to leave")
        }
        let panel = room.widget(named: HostPanelWidget.catalogName, as: HostPanelWidget.self)
        // After every widget's didLoad: the panel has taken its configured place.
        if let panel, let comments = room.widget(named: CommentListWidget.catalogName) {
            comments.frame.origin.y = min(comments.frame.minY, panel.frame.minY - comments.frame.height - 12)
        }
        show(session?.liveState ?? .preview)
        // The panel may be configured to start live.
        if panel?.startsLive == true { session?.goLive() }
    }

    private func show(_ state: LiveState) {
        if state == .ended { lastLiveDuration = session?.liveTime }
        room.badgeDetail?.detail = state == .live ? "LIVE" : (state == .ended ? "Ended" : "Preview")
        let label: VideoLabel = state == .live ? .live : (state == .ended ? .ended : .preview)
        room.widget(named: VideoPlayerWidget.catalogName, as: VideoPlayerWidget.self)?.label = label
        for name in Self.audienceWidgets { room.widget(named: name)?.isHidden = state != .live }
    }
}
