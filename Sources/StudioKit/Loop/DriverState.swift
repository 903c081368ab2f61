/// The driver's state: a pure value, everything the driver decides from.
public struct DriverState: Hashable, Sendable {
    /// Position in the session's room list (negative before the room that opened first).
    public var position = 0
    public var room: RoomInfo
    public var isLite = false
    /// The video is turned to landscape.
    public var isLandscape = false
    /// The current room's connection to its server.
    public var connection = ConnectionState.connecting
    /// How far a finger drags the room vertically (logical px), 0 when not dragging.
    public var dragOffset: Double = 0
    public var transition: RoomTransition?
    /// The room springing back after the room gesture went past the first or last room.
    public var bounce: RoomBounce?
    /// Set once a close was requested; the loop ends after the studio has left.
    public var isClosing = false
    public var frame = 0

    public init(room: RoomInfo) { self.room = room }
}

/// A room change under way: the old room slides out, the new one in.
public struct RoomTransition: Hashable, Sendable {
    /// +1: to the next room (content moves up); -1: to the previous one.
    public var direction: Int
    /// 0...1 of the transition's duration.
    public var progress: Double
    /// Where the outgoing room was when the transition started (the finger's drag).
    public var startOffset: Double

    /// The outgoing room's vertical offset at `progress` for a viewport `height` tall.
    public func outgoingOffset(height: Double) -> Double {
        let t = 1 - (1 - progress) * (1 - progress) * (1 - progress)
        let target = -Double(direction) * height
        return startOffset + (target - startOffset) * t
    }
}
