/// The state of the room's keep-alive connection to its server, as the driver keeps it in
/// its value state and the room shows it.
package enum ConnectionState: Hashable, Sendable {
    case connecting
    case connected
    /// Lost; the next attempt is `retryIn` seconds away (exponential backoff).
    case disconnected(retryIn: Double, attempt: Int)
}

extension EventKey where Payload == ConnectionState {
    /// The room's connection changed.
    package static let connectionChanged = EventKey("connectionChanged", note: .stream)
}
