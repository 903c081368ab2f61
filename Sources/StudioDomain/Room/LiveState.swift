import StudioKit

/// Where a live stream is (the host's studio walks through all three; a viewer's room is
/// live from the start): a preview before the host goes live, live, and ended after the
/// host ends it. The host's own buttons only move it forward; a server may start the room's
/// next stream after an end (`reporting(_:)`).
public enum LiveState: String, Hashable, Sendable, CaseIterable {
    case preview, live, ended

    /// The state after the host goes live: live from a preview, unchanged otherwise.
    package var goingLive: LiveState { self == .preview ? .live : self }

    /// The state after the host ends the stream: ended from live, unchanged otherwise.
    package var ending: LiveState { self == .live ? .ended : self }

    /// The state after a server says where the stream is (`LIVE`, `PREPARING`), in any order
    /// and as often as it likes: live from anywhere (after an end, the room's next stream,
    /// as a looping server's next pass is), ended from live; a second `LIVE` or end changes
    /// nothing, and a server's end leaves a preview one.
    package func reporting(_ report: LiveState) -> LiveState {
        switch report {
        case .live: .live
        case .ended: ending
        case .preview: self
        }
    }
}

extension EventKey where Payload == LiveState {
    /// The studio's live state changed.
    package static let liveStateChanged = EventKey("liveStateChanged")
    /// The server says where the stream is (a live connection's `LIVE` and `PREPARING`): the
    /// room's live session follows it, as far as the state may move.
    package static let liveStateReported = EventKey("liveStateReported", note: .stream)
}
