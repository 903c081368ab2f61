import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The room's live session: where the stream is (`LiveState`) and the one live timer. A
/// viewer's room is live from the start; the host's studio opens in a preview
/// (`StudioKind.opensLive`). Only a live stream admits the server's audience notes.
public final class LiveSession: RoomPart, LiveControlService {
    public let link = RoomLink()
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

    public func roomDidLoad() {
        // A viewer comes into a stream already under way: its clock shows the stream's age.
        if liveState == .live { liveTime = max(0, room.room.liveFor ?? 0) }
        listen(to: .liveStateReported) { session, state in
            switch state {
            case .live: session.goLive()
            case .ended: session.endLive()
            case .preview: break
            }
        }
    }

    /// Only a live stream has an audience: in a preview and after the end, the notes about
    /// the audience (comments, gifts, likes, danmaku…) are dropped here, before any widget
    /// sees them; the stream's own (its connection, live state, system messages and picture)
    /// pass in every state. What a note is about is declared with its key.
    public func admits(_ note: StudioNote) -> Bool {
        switch note.subject {
        case .audience: liveState == .live
        case .stream: true
        }
    }

    public func willUpdate(_ step: FrameStep) {
        if liveState == .live { liveTime += step.dt }
    }
}

/// The live session as the host's studio drives it: going live and ending the stream.
package protocol LiveControlService: LiveSessionService {
    func goLive()
    func endLive()
}
