import StudioKit

/// How a scenario's gestures become pointer samples. Swipes are real drags rather than
/// arrow keys, so a replay exercises the recognizers and the page follows the finger as
/// it would under a real touch; keys are available separately (`"key": "right"`).
///
/// Coordinates are the studio's logical 720x1280 (`Size.studio`); pointer id 0.
enum ScenarioGestures {
    /// A finger held 60 ms: well under the tap's maximum duration.
    static let tapDuration = 0.06
    /// A drag of a third of the screen in 0.15 s (~1600 px/s horizontally): a committed
    /// swipe by both the distance and the velocity rule.
    static let swipeDuration = 0.15
    static let swipeMoves = 6

    static func tap(at point: Point, time: Double) -> [(time: Double, event: InputEvent)] {
        [(time, .pointer(PointerEvent(.down, at: point, time: time))),
         (time + tapDuration, .pointer(PointerEvent(.up, at: point, time: time + tapDuration)))]
    }

    /// `direction` +1 is right or down, -1 left or up (as `SwipeInfo.direction`). The drag
    /// is centred on the screen.
    static func swipe(_ axis: SwipeAxis, direction: Int, time: Double,
                      viewport: Size = .studio) -> [(time: Double, event: InputEvent)] {
        let center = Point(x: viewport.width / 2, y: viewport.height / 2)
        let travel = Double(direction) * (axis == .horizontal ? viewport.width : viewport.height) / 3
        func point(_ f: Double) -> Point {
            let along = -travel / 2 + travel * f
            return axis == .horizontal ? Point(x: center.x + along, y: center.y) : Point(x: center.x, y: center.y + along)
        }
        var samples: [(time: Double, event: InputEvent)] = [(time, .pointer(PointerEvent(.down, at: point(0), time: time)))]
        for i in 1...swipeMoves {
            let f = Double(i) / Double(swipeMoves)
            let t = time + swipeDuration * f
            samples.append((t, .pointer(PointerEvent(.moved, at: point(f), time: t))))
        }
        let end = time + swipeDuration
        samples.append((end, .pointer(PointerEvent(.up, at: point(1), time: end))))
        return samples
    }
}
