import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The playback kind, the playback of a past stream: the playback bar. A recording has no
/// keep-alive connection (the feed sends it nothing, whatever its configuration's rates);
/// its comments are replayed at the times they were recorded as the position passes them
/// (a seek jumps over the ones in between). The recording is a danmaku file or live
/// recording when the app plays one (`FeedFile`, with its danmaku's colors and modes, its
/// gifts and super chats), else comments made from the room's seeded generator. The badge
/// says whether it plays, and a seek is confirmed with a toast.
package final class PlaybackRoom: RoomPart, StudioKind {
    package let link = RoomLink()

    package init() {}

    package static let kind = StudioKinds.playback
    package static let requiredWidgets = [PlaybackBarWidget.catalogName]
    package static var defaultFeed: FeedRates { .playback }
    package static var hasKeepAlive: Bool { false }

    /// The recording's comments (made at load from the room's seeded generator) when no file
    /// is played.
    package private(set) var recording = RecordedComments(entries: [])
    /// The danmaku file or live recording the app plays, if any.
    private var file: FeedFile?
    /// The playback bar (required by the configuration), found once at load.
    private weak var bar: PlaybackBarWidget?
    /// The position up to which recorded comments have been replayed.
    private var replayedUpTo: Double?
    /// A position change larger than this in one step is a seek, not play.
    static let seekThreshold = 1.0

    package func roomDidLoad() {
        listen(to: .playbackToggled) { $0.room.badgeDetail?.detail = $1 ? "Replay" : "Paused" }
        listen(to: .playbackSeeked) { $0.room.notices?.toast("Jumped to \(DisplayFormat.elapsed($1))") }
        bar = room.widget(named: PlaybackBarWidget.catalogName, as: PlaybackBarWidget.self)
        room.badgeDetail?.detail = bar?.isPlaying == false ? "Paused" : "Replay"
        file = room.environment.shared(FeedFile.self)
        if file == nil {
            var random = room.environment.random.fork()
            recording = RecordedComments(duration: bar?.duration ?? 0, random: &random)
        }
        replayedUpTo = bar?.position
        // A recording configured to open paused says so, so the picture holds from the start.
        if bar?.isPlaying == false { publish(.playbackToggled, false) }
    }

    /// Replays the comments recorded between the last step's position and this one's.
    package func didUpdate(_ step: FrameStep) {
        guard let bar, let from = replayedUpTo else { return }
        let to = bar.position
        if to > from, to - from <= Self.seekThreshold {
            if let file {
                for timed in file.notes(after: from, upTo: to) { room.announcer.publish(timed.note.event) }
            } else {
                for entry in recording.comments(after: from, upTo: to) {
                    publish(.commentArrived, entry.comment)
                }
            }
        }
        replayedUpTo = to
    }
}
