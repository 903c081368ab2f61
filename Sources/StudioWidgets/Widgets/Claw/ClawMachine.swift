import StudioDomain
import StudioKit

/// A prize lying in the claw machine, in the machine's unit square (x left to right, y back
/// to front).
package struct ClawPrize: Hashable, Sendable {
    package var name: String
    package var position: Point
    var color: Color
}

/// Where a grab is. The claw drops, closes, rises, and the result shows before the next.
package enum ClawPhase: Hashable, Sendable {
    case idle
    case dropping(age: Double)
    case closing(age: Double)
    case rising(age: Double)
    /// The result shows; `won` says whether the claw brought a prize up.
    case result(won: Bool, age: Double)

    static let dropDuration = 0.7
    static let closeDuration = 0.35
    static let riseDuration = 0.7
    static let resultDuration = 1.4

    /// How far down the claw is: 0 at the top, 1 on the prizes.
    var depth: Double {
        switch self {
        case .idle, .result: 0
        case .dropping(let age): min(1, age / Self.dropDuration)
        case .closing: 1
        case .rising(let age): max(0, 1 - age / Self.riseDuration)
        }
    }

    /// How closed the claw's prongs are, 0 open to 1 shut.
    var closure: Double {
        switch self {
        case .idle, .dropping: 0
        case .closing(let age): min(1, age / Self.closeDuration)
        case .rising, .result: 1
        }
    }
}

/// The moves of the pad: the claw's gantry goes left, right, forward (to the back of the
/// machine) and back (to the front).
package enum ClawMove: String, CaseIterable, Hashable, Sendable {
    case left, right, forward, back

    var delta: Point {
        switch self {
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        case .forward: Point(x: 0, y: -1)
        case .back: Point(x: 0, y: 1)
        }
    }

    var arrow: TriangleDirection {
        switch self {
        case .left: .left
        case .right: .right
        case .forward: .up
        case .back: .down
        }
    }
}
