import Foundation
import StudioDomain
import StudioKit

/// One heart of a praise burst: where it starts, how it rises, wobbles, grows and fades.
/// Its look at any age is a pure function of these values.
struct FloatingHeart: Hashable, Sendable {
    var origin: Point
    /// Seconds before it appears (hearts of one burst are staggered).
    var delay: Double
    /// Seconds since it was spawned, delay included.
    var age: Double = 0
    var color: Color
    var width: Double
    /// How far it rises over its life (px).
    var rise: Double
    /// Half the side-to-side swing (px), its frequency (Hz) and phase.
    var wobble: Double
    var wobbleFrequency: Double
    var wobblePhase: Double
    /// Sideways drift over its life (px).
    var drift: Double

    static let lifetime = 1.5

    /// 0...1 through its visible life; negative before it appears.
    var progress: Double { (age - delay) / Self.lifetime }
    var isFinished: Bool { progress >= 1 }

    var center: Point {
        let p = max(0, progress), t = max(0, age - delay)
        // Eases out: quick at first, slowing near the top.
        let up = rise * (1 - (1 - p) * (1 - p))
        let side = drift * p + wobble * sin(2 * .pi * wobbleFrequency * t + wobblePhase) * min(1, p * 4)
        return Point(x: origin.x + side, y: origin.y - up)
    }

    /// Pops in from 0.6 to 1.1 in the first tenth, then grows to 1.3.
    var scale: Double {
        let p = max(0, progress)
        return p < 0.1 ? 0.6 + 5 * p : 1.1 + 0.2 * (p - 0.1) / 0.9
    }

    /// Opaque until 55% of its life, then fades out.
    var opacity: Double {
        let p = progress
        guard p >= 0 else { return 0 }
        return p < 0.55 ? 1 : max(0, 1 - (p - 0.55) / 0.45)
    }
}
