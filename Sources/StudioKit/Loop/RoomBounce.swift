import Foundation

/// The room springing back to rest: after the room gesture went past the first or the last
/// room, and after a drag let go short of a change. A released drag springs back from where
/// the finger left it; a key press past an end (which has no drag) nudges the room a little
/// the way it would have gone, then springs back.
package struct RoomBounce: Hashable, Sendable {
    /// +1: past the last room (content moved up); -1: before the first.
    package var direction: Int
    /// 0...1 of the bounce's duration.
    package var progress: Double
    /// The room's vertical offset when the bounce began.
    package var startOffset: Double

    package init(direction: Int, startOffset: Double) {
        self.direction = direction
        self.startOffset = startOffset
        progress = 0
    }

    /// The nudge of a bounce without a drag, as a fraction of the viewport's height.
    package static let nudge = 0.06

    /// The room's vertical offset at `progress` for a viewport `height` tall: 0 at the end.
    package func offset(height: Double) -> Double {
        let t = min(max(progress, 0), 1)
        let back = startOffset * (1 - t) * (1 - t) * (1 - t)
        let kick = startOffset == 0 ? -Double(direction) * height * Self.nudge * sin(Double.pi * t) : 0
        return back + kick
    }

    /// Where a drag of `translation` puts a room that has no neighbour that way: it follows
    /// the finger with growing resistance and never more than a fifth of `height`.
    package static func resisted(_ translation: Double, height: Double) -> Double {
        let limit = height / 5
        let x = abs(translation)
        return (translation < 0 ? -1 : 1) * limit * (1 - 1 / (x / limit * 0.55 + 1))
    }
}
