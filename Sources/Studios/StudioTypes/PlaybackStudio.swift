import StudioKit

/// Seed 003's type H, the playback of a past stream: the playback bar. A recording has no
/// keep-alive connection (the feed sends it nothing, whatever its configuration's rates),
/// the badge says whether it plays, and a seek is confirmed with a toast.
public final class PlaybackStudio: BasicBusinessStudio, StudioKind {
    public static let kind = StudioKinds.playback
    public static let requiredWidgets = [PlaybackBarWidget.catalogName]
    public static var defaultFeed: FeedRates { .playback }
    public static var hasKeepAlive: Bool { false }

    public override var keepsAlive: Bool { false }

    public override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .playbackToggled, .playbackSeeked)
        let bar = widget(named: PlaybackBarWidget.catalogName) as? PlaybackBarWidget
        setBadgeDetail(bar?.isPlaying == false ? "Paused" : "Replay")
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        switch name {
        case .playbackToggled:
            guard let playing = userInfo.bool else { return }
            setBadgeDetail(playing ? "Replay" : "Paused")
        case .playbackSeeked:
            guard case .double(let seconds) = userInfo else { return }
            toast("Jumped to \(BusinessFormat.elapsed(seconds))")
        default:
            break
        }
    }
}
