import StudioDomain
import StudioKit

/// How a scenario's gestures become pointer samples. Swipes are real drags rather than
/// arrow keys, so a replay exercises the recognizers and the page follows the finger as
/// it would under a real touch; keys are available separately (`"key": "right"`).
///
/// Coordinates are the studio's logical 720x1280 (`Size.studio`); pointer id 0 unless a
/// line names another.
enum ScenarioGestures {
    typealias Sample = (time: Double, event: InputEvent)

    /// A finger held 60 ms: well under the tap's maximum duration.
    static let tapDuration = 0.06
    /// A drag of a third of the screen in 0.15 s (~1600 px/s horizontally): a committed
    /// swipe by both the distance and the velocity rule.
    static let swipeDuration = 0.15
    static let swipeMoves = 6
    /// A drag line's moves come at most this far apart: one frame, so every frame of the
    /// drag sees the finger move, as under a real touch.
    static let dragInterval = 1.0 / 60

    static func tap(at point: Point, time: Double) -> [Sample] {
        [
            (time, .pointer(PointerEvent(.down, at: point, time: time))),
            (time + tapDuration, .pointer(PointerEvent(.up, at: point, time: time + tapDuration))),
        ]
    }

    /// `direction` +1 is right or down, -1 left or up (as `SwipeInfo.direction`). The drag
    /// is centred on the screen.
    static func swipe(_ axis: SwipeAxis, direction: Int, time: Double, viewport: Size = .studio) -> [Sample] {
        let center = Point(x: viewport.width / 2, y: viewport.height / 2)
        let travel = Double(direction) * (axis == .horizontal ? viewport.width : viewport.height) / 3
        let half = axis == .horizontal ? Point(x: travel / 2, y: 0) : Point(x: 0, y: travel / 2)
        return drag(
            from: Point(x: center.x - half.x, y: center.y - half.y),
            to: Point(x: center.x + half.x, y: center.y + half.y),
            time: time, seconds: swipeDuration, moves: swipeMoves)
    }

    /// A finger going down at `from`, moving along the straight line in `moves` equal steps
    /// over `seconds` (the last at `to`), and lifting there. `moves` defaults to one per
    /// `dragInterval`.
    static func drag(from: Point, to: Point, id: Int = 0, time: Double, seconds: Double, moves: Int? = nil) -> [Sample] {
        let count = moves ?? max(1, Int(clamping: (seconds / dragInterval - 1e-9).rounded(.up)))
        func sample(_ phase: PointerPhase, _ f: Double) -> Sample {
            let t = time + seconds * f
            let point = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            return (t, .pointer(PointerEvent(phase, id: id, at: point, time: t)))
        }
        return [sample(.down, 0)] + (1...count).map { sample(.moved, Double($0) / Double(count)) } + [sample(.up, 1)]
    }
}
