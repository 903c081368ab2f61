@testable import StudioKit

/// Every short pointer script of one touch: a down, then 0 to 4 moves, each by one of a few
/// steps after one of a few gaps, then an up or a cancel after one of a few gaps. The steps
/// cover staying still, wandering inside the tap slop, crossing the begin distance on
/// either axis or exactly on the diagonal, and flinging far; the gaps are a quick frame and
/// a slow hold, so both velocity and the tap's duration limit are exercised.
enum ShortPointerScripts {
    static let steps: [Point] = [
        Point(x: 0, y: 0), Point(x: 6, y: -4), Point(x: -15, y: 15),
        Point(x: 16, y: 3), Point(x: 2, y: -30), Point(x: -160, y: 50),
    ]
    static let gaps: [Double] = [0.03, 0.2]
    static let endGaps: [Double] = [0.03, 0.4]
    static let start = Point(x: 360, y: 640)
    static let startTime = 5.0
    static let maxMoves = 4
    /// The defaults, whose tap slop (12) is below the swipe's begin distance (14), and a
    /// generous slop, where only the router's exclusivity keeps a swipe from being a tap too.
    static let configs = [GestureConfig(), GestureConfig(tapSlop: 40)]

    /// Every script, in a fixed order.
    static func all() -> [[PointerEvent]] {
        var out: [[PointerEvent]] = []
        func extend(_ events: [PointerEvent], _ position: Point, _ time: Double, movesLeft: Int) {
            for end in [PointerPhase.up, .cancelled] {
                for gap in endGaps { out.append(events + [PointerEvent(end, at: position, time: time + gap)]) }
            }
            guard movesLeft > 0 else { return }
            for step in steps {
                for gap in gaps {
                    let p = position + step, t = time + gap
                    extend(events + [PointerEvent(.moved, at: p, time: t)], p, t, movesLeft: movesLeft - 1)
                }
            }
        }
        extend([PointerEvent(.down, at: start, time: startTime)], start, startTime, movesLeft: maxMoves)
        return out
    }

    /// What a touch amounts to, in a form both the router's outputs and the reference
    /// model can be reduced to.
    enum Result: Hashable, CustomStringConvertible {
        case tap(Point)
        case swipe(SwipeAxis, phases: [GesturePhase], committed: Bool)
        case nothing
        /// Outputs that fit none of the above (a tap with a swipe, a swipe of two axes...).
        case malformed([GestureOutput])

        var description: String {
            switch self {
            case .tap(let p): "tap \(p)"
            case let .swipe(axis, phases, committed): "\(axis) \(phases.map(\.rawValue)) committed=\(committed)"
            case .nothing: "nothing"
            case .malformed(let outputs): "malformed \(outputs)"
            }
        }
    }

    /// Reduces one touch's outputs to a result.
    static func result(of outputs: [GestureOutput]) -> Result {
        if outputs.isEmpty { return .nothing }
        if outputs.count == 1, case .tap(let p) = outputs[0] { return .tap(p) }
        let infos = outputs.compactMap(\.swipeInfo)
        guard infos.count == outputs.count, let first = infos.first,
            infos.allSatisfy({ $0.axis == first.axis })
        else { return .malformed(outputs) }
        return .swipe(first.axis, phases: infos.map(\.phase), committed: infos.last!.committed)
    }

    /// A plain reference: a swipe that begins wins the touch; otherwise a tap is an up that
    /// stayed within the slop and the duration limit. (Assumes a dominance of 1.)
    static func reference(_ events: [PointerEvent], _ config: GestureConfig = GestureConfig()) -> Result {
        let down = events[0], end = events[events.count - 1]
        let moves = Array(events.dropFirst().dropLast())
        // The first move that goes past the begin distance on either axis decides: the
        // strictly larger axis begins, a tie begins neither.
        if let i = moves.firstIndex(where: {
            let d = $0.position - down.position
            return max(abs(d.x), abs(d.y)) > config.swipeBeginDistance
        }), case let d = moves[i].position - down.position, abs(d.x) != abs(d.y) {
            let axis: SwipeAxis = abs(d.x) > abs(d.y) ? .horizontal : .vertical
            let phases =
                [GesturePhase.began] + Array(repeating: .changed, count: moves.count - i - 1)
                + [end.phase == .up ? .ended : .cancelled]
            return .swipe(axis, phases: phases, committed: end.phase == .up && commits(axis, events, config))
        }
        let stayedClose = events.allSatisfy { $0.position.distance(to: down.position) <= config.tapSlop }
        if end.phase == .up, stayedClose, end.time - down.time <= config.tapMaxDuration {
            return .tap(down.position)
        }
        return .nothing
    }

    /// Far enough, or fast enough in the direction travelled, over the samples from the
    /// last one at least a velocity window before the end (or the down) to the end.
    private static func commits(_ axis: SwipeAxis, _ events: [PointerEvent], _ config: GestureConfig) -> Bool {
        let along = events.map { axis.component(of: $0.position - events[0].position) }
        let end = events[events.count - 1]
        let anchor = events.lastIndex { $0.time <= end.time - config.velocityWindow } ?? 0
        let dt = end.time - events[anchor].time
        let velocity = dt > 0 ? (along[along.count - 1] - along[anchor]) / dt : 0
        let t = along[along.count - 1]
        let far = abs(t) >= config.commitFraction * config.extent(along: axis)
        let fast = t != 0 && abs(velocity) >= config.commitVelocity && (velocity > 0) == (t > 0)
        return far || fast
    }
}
