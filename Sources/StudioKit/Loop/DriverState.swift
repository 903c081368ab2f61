/// The driver's state: a pure value, everything the driver decides from.
public struct DriverState: Hashable, Sendable {
    /// Position in the session's room list (negative before the room that opened first).
    package var position = 0
    public var room: RoomInfo
    /// The video is turned to landscape.
    package var isLandscape = false
    /// The current room's connection to its server.
    package var connection = ConnectionState.connecting
    /// How far a finger drags the room vertically (logical px), 0 when not dragging.
    package var dragOffset: Double = 0
    package var transition: RoomTransition?
    /// The room springing back after the room gesture went past the first or last room.
    package var bounce: RoomBounce?
    /// Set once a close was requested; the loop ends after the studio has left.
    package var isClosing = false
    public var frame = 0

    public init(room: RoomInfo) { self.room = room }
}

/// A room change under way: the old room slides out, the new one in.
package struct RoomTransition: Hashable, Sendable {
    /// +1: to the next room (content moves up); -1: to the previous one.
    package var direction: Int
    /// 0...1 of the transition's duration.
    package var progress: Double
    /// Where the outgoing room was when the transition started (the finger's drag).
    package var startOffset: Double

    /// The outgoing room's vertical offset at `progress` for a viewport `height` tall.
    package func outgoingOffset(height: Double) -> Double {
        let t = 1 - (1 - progress) * (1 - progress) * (1 - progress)
        let target = -Double(direction) * height
        return startOffset + (target - startOffset) * t
    }
}
