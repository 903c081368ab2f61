/// Recognizes a double tap across two touches: a tap, then a second touch going down within
/// `doubleTapInterval` of the first one's up and within `doubleTapDistance` of where the
/// first went down, which is a tap as well. The router holds the first tap back while this
/// is possible (UIKit's `require(toFail:)`), so it tells the recognizer what happened
/// rather than feeding it raw events: each touch is a tap or not by the tap recognizer.
///
/// `possible` from the first tap on; `ended` on the second tap; `failed` when no second
/// touch went down in time (`advance(to:)`), the second went down too far away or on a
/// widget that does not double tap, or the second touch was no tap.
package struct DoubleTapRecognizer: Hashable, Sendable {
    public enum Failure: Hashable, Sendable, CustomStringConvertible {
        case noSecondTap(interval: Double)
        case secondTooFar(distance: Double, limit: Double)
        case secondElsewhere
        case secondNoTap

        package var description: String {
            switch self {
            case .noSecondTap(let t): "no second tap within \(GestureWording.seconds(t)) s"
            case let .secondTooFar(d, limit):
                "second touch \(GestureWording.px(d)) px away, beyond \(GestureWording.px(limit)) px"
            case .secondElsewhere: "second touch on another widget"
            case .secondNoTap: "second touch was no tap"
            }
        }
    }

    package let config: GestureConfig
    package private(set) var phase: GesturePhase = .possible
    package private(set) var failure: Failure?
    /// Where the first tap went down: the point the held-back tap reports if this fails.
    package let first: Point
    /// When the first touch came up.
    package let firstUpTime: Double
    /// Whether the second touch is down (then only its tap or no tap decides).
    package private(set) var hasSecondTouch = false

    /// Starts waiting after the first tap (at `first`, up at `time`).
    package init(firstTapAt first: Point, upAt time: Double, config: GestureConfig) {
        self.first = first
        self.firstUpTime = time
        self.config = config
    }

    /// The last moment a second touch may go down.
    package var deadline: Double { firstUpTime + config.doubleTapInterval }

    /// A second touch went down at `point` at `time`; `sameWidget` says whether the widget
    /// there is the one that declared the double tap. Returns whether it continues the
    /// double tap (false: it failed, and the held-back tap is due).
    package mutating func secondDown(at point: Point, time: Double, sameWidget: Bool) -> Bool {
        guard phase == .possible, !hasSecondTouch else { return false }
        if time > deadline {
            fail(.noSecondTap(interval: config.doubleTapInterval))
        } else if point.distance(to: first) > config.doubleTapDistance {
            fail(.secondTooFar(distance: point.distance(to: first), limit: config.doubleTapDistance))
        } else if !sameWidget {
            fail(.secondElsewhere)
        } else {
            hasSecondTouch = true
        }
        return phase == .possible
    }

    /// The clock reached `time`: returns true when the wait for a second touch ran out now.
    package mutating func advance(to time: Double) -> Bool {
        guard phase == .possible, !hasSecondTouch, time > deadline else { return false }
        fail(.noSecondTap(interval: config.doubleTapInterval))
        return true
    }

    /// The second touch ended: as a tap (the double tap is recognized) or as anything else.
    package mutating func secondTouchEnded(asTap: Bool) {
        guard phase == .possible, hasSecondTouch else { return }
        if asTap { phase = .ended } else { fail(.secondNoTap) }
    }

    private mutating func fail(_ why: Failure) {
        phase = .failed
        failure = why
    }
}
