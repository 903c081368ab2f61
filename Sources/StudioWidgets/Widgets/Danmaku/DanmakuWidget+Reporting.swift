import StudioDomain
import StudioKit

/// What the band reports of itself: where every comment went (the HUD and the bench), its
/// lanes, and the comments on screen (the inspector and tests).
extension DanmakuWidget {

    /// Where every comment received went (the HUD and the bench show it).
    package var stats: DanmakuStats {
        var s = counts
        s.onScreen = onScreen
        s.queued = queue.count
        s.merged = queue.merged + mergedOnScreen
        s.dropped = queue.dropped
        return s
    }

    /// Comments received since the widget was made.
    package var enqueued: Int { counts.received }
    /// Comments that finished their time on screen.
    public var shown: Int { counts.shown }
    /// Comments merged into an identical one (waiting or on screen).
    package var merged: Int { queue.merged + mergedOnScreen }
    /// Waiting comments dropped: to make room (overflow), or stale (`maxWait`).
    package var dropped: Int { queue.dropped }
    /// Comments waiting for room on screen.
    package var queued: Int { queue.count }
    /// Comments on screen now (moving, top and bottom, positioned; paused included).
    package var onScreen: Int { moving.count + standing.count + positioned.count }

    /// Lanes of the band under the current settings.
    package var laneCount: Int { layout.laneCount }
    /// Lanes the display area uses, from the top.
    package var usableLaneCount: Int { layout.usable }
    package var laneHeight: Double { layout.laneHeight }

    /// Pixels per second a moving comment `width` wide crosses at under the current speed:
    /// `(screenWidth + width) / (duration / speed)`.
    public func speed(forWidth width: Double) -> Double {
        (lanes.screenWidth + width) / configuration.duration * settings.speed
    }

    /// The comments on screen: moving ones first, then fixed, then positioned (tests and the
    /// inspector; allocates).
    package var onScreenItems: [DanmakuOnScreen] {
        let screenWidth = lanes.screenWidth
        return moving.map {
            DanmakuOnScreen(
                text: $0.text, mode: $0.direction == .leftward ? .scroll : .reverse, size: $0.size,
                lane: $0.lanes.lowerBound, laneSpan: $0.lanes.count, order: $0.seq,
                frame: Rect(x: $0.x(screenWidth: screenWidth), y: $0.y, width: $0.width, height: $0.height),
                isPaused: $0.pauseRemaining > 0, alpha: $0.shown, isOwn: $0.isOwn)
        }
            + standing.map {
                DanmakuOnScreen(
                    text: $0.text, mode: $0.kind, size: $0.size, lane: $0.lanes.lowerBound, laneSpan: $0.lanes.count,
                    order: $0.seq,
                    frame: Rect(x: (screenWidth - $0.width) / 2, y: $0.y, width: $0.width, height: $0.height),
                    isPaused: false, alpha: 1, isOwn: $0.isOwn)
            }
            + positioned.map {
                let at = $0.motion.origin(at: $0.age, in: bounds)
                return DanmakuOnScreen(
                    text: $0.text, mode: .positioned, size: $0.size, lane: -1, laneSpan: 0, order: $0.seq,
                    frame: Rect(x: at.x, y: at.y, width: $0.width, height: $0.height),
                    isPaused: false, alpha: $0.motion.alpha(at: $0.age))
            }
    }
}
