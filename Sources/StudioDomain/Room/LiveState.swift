import StudioKit

/// Where a live stream is (the host's studio walks through all three; a viewer's room is
/// live from the start): a preview before the host goes live, live, and ended after the
/// host ends it. It only moves forward: an ended stream does not go live again (the host
/// starts a new one).
public enum LiveState: String, Hashable, Sendable, CaseIterable {
    case preview, live, ended

    /// The state after the host goes live: live from a preview, unchanged otherwise.
    package var goingLive: LiveState { self == .preview ? .live : self }

    /// The state after the host ends the stream: ended from live, unchanged otherwise.
    package var ending: LiveState { self == .live ? .ended : self }
}

extension EventKey where Payload == LiveState {
    /// The studio's live state changed.
    package static let liveStateChanged = EventKey("liveStateChanged")
    /// The server says where the stream is (a live connection's `LIVE` and `PREPARING`): the
    /// room's live session follows it, as far as the state may move.
    package static let liveStateReported = EventKey("liveStateReported", note: .stream)
}
