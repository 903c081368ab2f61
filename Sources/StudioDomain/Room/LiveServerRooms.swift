import StudioKit

/// Shared in a session whose rooms a live broadcast server feeds (`studio run --live`):
/// the audience (its comments, gifts, likes and arrivals), the online count, the host's rank
/// and the live state come from that server alone. No widget or part makes any of them up,
/// not even a first few members or a rank to start with; each waits for the server to say.
package final class LiveServerRooms {
    package init() {}
}

extension StudioEnvironment {
    /// Whether a live server feeds the room (`LiveServerRooms` is shared). Read it when
    /// loading, not every frame.
    package var isFedByLiveServer: Bool { shared(LiveServerRooms.self) != nil }
}
