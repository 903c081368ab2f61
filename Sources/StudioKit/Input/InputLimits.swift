/// The ranges that input from files and windows must lie in. Scenario and recording readers
/// reject a value outside them with an error that names the line; window events are clamped
/// to them where they arrive. Stating them once keeps every reader saying the same thing.
package enum InputLimits {
    /// Simulated seconds a scenario line or a recorded event may be at: one day. Longer runs
    /// are soaks, which the bench drives without a script.
    package static let maxSeconds: Double = 86_400

    /// The frame a recording may name: one day at 60 frames a second.
    package static let maxFrame = 86_400 * 60

    /// Frames a snapshot or dump may simulate before rendering: one hour at 60 frames a
    /// second. Every frame up to the rendered one is run, so this is also the longest a
    /// snapshot can take.
    package static let maxSnapshotFrames = 3_600 * 60

    /// Where a pointer may be, in studio points: the studio and one studio size around it.
    /// A drag may leave the studio (over the window's letterbox bars, or past its edge while
    /// the button is held), but never by more than a screen.
    package static let pointerArea = Rect(
        x: -Size.studio.width, y: -Size.studio.height,
        width: 3 * Size.studio.width, height: 3 * Size.studio.height)

    /// `point` moved into `pointerArea` (NaN coordinates go to its corner).
    package static func clampPointer(_ point: Point) -> Point {
        Point(
            x: point.x.clamped(to: pointerArea.minX...pointerArea.maxX),
            y: point.y.clamped(to: pointerArea.minY...pointerArea.maxY))
    }
}
