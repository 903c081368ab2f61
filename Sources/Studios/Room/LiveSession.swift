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

    /// The live state as of the notes taken in so far: the gate's. Notes are delivered after
    /// they are taken in, so this runs ahead of `liveState` by the server's reports not yet
    /// delivered, and a note is let through by the state at its own place in the server's
    /// order: a comment after `PREPARING` in the same batch is dropped, one after `LIVE` heard.
    private var intakeState: LiveState

    public init(opensLive: Bool = true) {
        liveState = opensLive ? .live : .preview
        intakeState = liveState
    }

    /// Goes live from a preview (nothing otherwise); publishes `.liveStateChanged`.
    package func goLive() {
        intakeState = intakeState.goingLive
        setLiveState(liveState.goingLive)
    }

    /// Ends a live stream (nothing otherwise); publishes `.liveStateChanged`. The timer holds.
    package func endLive() {
        intakeState = intakeState.ending
        setLiveState(liveState.ending)
    }

    /// A stream that goes live starts its clock at 0: the host's first, or a server's next
    /// stream after an end.
    private func setLiveState(_ state: LiveState) {
        guard state != liveState else { return }
        if state == .live { liveTime = 0 }
        liveState = state
        publish(.liveStateChanged, state)
    }

    public func roomDidLoad() {
        // A viewer comes into a stream already under way: its clock shows the stream's age.
        if liveState == .live { liveTime = max(0, room.room.liveFor ?? 0) }
        listen(to: .liveStateReported) { session, state in session.setLiveState(session.liveState.reporting(state)) }
    }

    /// Only a live stream has an audience: in a preview and after the end, the notes about
    /// the audience (comments, gifts, likes, danmaku…) are dropped here, before any widget
    /// sees them; the stream's own (its connection, live state, system messages and picture)
    /// pass in every state. What a note is about is declared with its key; the state that
    /// decides is the one the notes before it left (`intakeState`).
    public func admits(_ note: StudioNote) -> Bool {
        if let report = note.value(.liveStateReported) { intakeState = intakeState.reporting(report) }
        switch note.subject {
        case .audience: return intakeState == .live
        case .stream: return true
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
