import StudioDomain
import StudioKit

/// A note with the simulated time it happened at. The feed works in simulated seconds
/// (the driver's loop time), never wall time, so a run repeats exactly.
public struct TimedNote: Hashable, Sendable {
    public var time: Double
    public var note: StudioNote

    public init(time: Double, note: StudioNote) {
        self.time = time
        self.note = note
    }
}
