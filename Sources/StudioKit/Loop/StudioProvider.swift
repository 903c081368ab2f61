/// Builds studios for the driver. The driver asks for a position in the room list; no
/// studio ever constructs its successor (seed 001). The session of issue #3 implements this
/// with modules and schemes.
public protocol StudioProvider: AnyObject {
    /// The room at `position` of the list (positions wrap around).
    func room(at position: Int) -> RoomInfo
    /// A new, not yet loaded studio showing `room`.
    func makeStudio(for room: RoomInfo, position: Int) throws -> CoreBusinessStudio
}
