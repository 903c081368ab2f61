/// What a studio hands back to the session when it is left (a module's typed output):
/// the session decides what comes next from it, never the studio.
public struct StudioOutput: Hashable, Sendable {
    package var scheme: Scheme
    /// Simulated seconds the room was watched.
    package var watchTime: Double
    /// Taps on the room (each sends hearts).
    package var heartsSent: Int
    /// Gifts the viewer sent.
    package var giftsSent: Int

    public init(scheme: Scheme, watchTime: Double = 0, heartsSent: Int = 0, giftsSent: Int = 0) {
        self.scheme = scheme
        self.watchTime = watchTime
        self.heartsSent = heartsSent
        self.giftsSent = giftsSent
    }
}
