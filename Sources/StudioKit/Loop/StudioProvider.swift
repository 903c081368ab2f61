/// Builds studios for the driver. The driver asks for a position in the room list; no
/// studio ever constructs its successor. The session implements this
/// with modules and schemes (`Session`).
public protocol StudioProvider: AnyObject {
    /// Whether the list has a room at `position`; the driver bounces the room gesture where
    /// it has none (past the first or the last room).
    func hasRoom(at position: Int) -> Bool
    /// The room at `position` of the list.
    func room(at position: Int) -> RoomInfo
    /// A new, not yet loaded studio showing the room at `position`.
    func makeStudio(at position: Int) throws -> Room
    /// A studio was left; `output` says what happened in it.
    func studioDidLeave(_ output: StudioOutput)
}

extension StudioProvider {
    /// A provider that says nothing about ends has a room everywhere (its positions wrap).
    package func hasRoom(at position: Int) -> Bool { true }

    package func studioDidLeave(_ output: StudioOutput) {}
}
