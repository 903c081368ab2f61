/// Builds studios for the driver. The driver asks for a position in the room list; no
/// studio ever constructs its successor (seed 001). The session of issue #3 implements this
/// with modules and schemes (`Session`).
public protocol StudioProvider: AnyObject {
    /// The room at `position` of the list (positions wrap around).
    func room(at position: Int) -> RoomInfo
    /// A new, not yet loaded studio showing the room at `position`.
    func makeStudio(at position: Int) throws -> CoreBusinessStudio
    /// A studio was left; `output` says what happened in it.
    func studioDidLeave(_ output: StudioOutput)
}

extension StudioProvider {
    public func studioDidLeave(_ output: StudioOutput) {}
}
