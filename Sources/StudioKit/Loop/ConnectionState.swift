/// The state of the room's keep-alive connection to its server, as the driver keeps it in
/// its value state and the room shows it.
public enum ConnectionState: Hashable, Sendable {
    case connecting
    case connected
    /// Lost; the next attempt is `retryIn` seconds away (exponential backoff).
    case disconnected(retryIn: Double, attempt: Int)
}

extension EventName {
    /// The room's connection changed. Payload: `.custom(ConnectionState)`.
    public static let connectionChanged = EventName("connectionChanged")
    /// The video turned to landscape (true) or back to portrait. Payload: `.bool`.
    public static let orientationChanged = EventName("orientationChanged")
}
