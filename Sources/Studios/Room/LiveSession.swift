import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The room's live session: where the stream is (`LiveState`) and the one live timer. A
/// viewer's room is live from the start; the host's studio opens in a preview
/// (`StudioKind.opensLive`). Only a live stream admits the server's audience notes.
public final class LiveSession: RoomComponent, LiveSessionService {
    public private(set) var liveState: LiveState
    /// Seconds since the stream went live (simulated step time; a viewer's room starts at the
    /// stream's age, `RoomInfo.liveFor`), held when it ends. The host panel and the video's
    /// clock both show this.
    public private(set) var liveTime = 0.0

    public init(opensLive: Bool = true) {
        liveState = opensLive ? .live : .preview
    }

    /// Goes live from a preview (nothing otherwise); publishes `.liveStateChanged`.
    package func goLive() { setLiveState(liveState.goingLive) }

    /// Ends a live stream (nothing otherwise); publishes `.liveStateChanged`. The timer holds.
    package func endLive() { setLiveState(liveState.ending) }

    private func setLiveState(_ state: LiveState) {
        guard state != liveState else { return }
        if state == .live { liveTime = 0 }
        liveState = state
        publish(.liveStateChanged, state)
    }

    public override func roomDidLoad() {
        // A viewer comes into a stream already under way: its clock shows the stream's age.
        if liveState == .live { liveTime = max(0, studio.room.liveFor ?? 0) }
        listen(to: .liveStateReported) { session, state in
            switch state {
            case .live: session.goLive()
            case .ended: session.endLive()
            case .preview: break
            }
        }
    }

    /// Notes that say nothing about the audience: they reach the room in every live state.
    package static let notesOutsideLive: Set<EventName> = [
        EventKey.connectionChanged.name, EventKey.systemMessage.name, EventKey.liveStateReported.name,
        // The picture is the camera's, not the audience's: a preview shows it too.
        EventKey.videoReady.name, EventKey.videoFrame.name, EventKey.videoProgress.name,
        EventKey.videoBuffering.name, EventKey.videoEnded.name, EventKey.videoFailed.name,
    ]

    /// Only a live stream has an audience: in a preview and after the end, comments, gifts,
    /// likes, danmaku and the rest of the server's audience notes are dropped here, before
    /// any widget sees them.
    public override func admitsFeed(_ name: EventName) -> Bool {
        liveState == .live || Self.notesOutsideLive.contains(name)
    }

    public override func willUpdate(_ step: FrameStep) {
        if liveState == .live { liveTime += step.dt }
    }
}
