import StudioDomain
import StudioKit

/// A snapshot of a feed for tests and the profiler HUD: where its simulated time is, the
/// connection, and how many notes the connection lost.
package struct FeedStatus: Hashable, Sendable {
    package var time: Double
    package var connection: ConnectionState
    /// Keep-alive notes generated while the connection was down (a real server's messages
    /// sent during an outage never reach the client).
    package var missedWhileDisconnected: Int
    /// Ids of the rooms the feed is generating for, in the order they were entered.
    package var rooms: [Int]
    /// True once the feed has shut down.
    package var isShutDown: Bool

    package init(
        time: Double = 0, connection: ConnectionState = .connected, missedWhileDisconnected: Int = 0,
        rooms: [Int] = [], isShutDown: Bool = false
    ) {
        self.time = time
        self.connection = connection
        self.missedWhileDisconnected = missedWhileDisconnected
        self.rooms = rooms
        self.isShutDown = isShutDown
    }
}
