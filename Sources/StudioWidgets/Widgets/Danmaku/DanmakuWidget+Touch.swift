import StudioDomain
import StudioKit

extension DanmakuWidget {
    /// Pauses and highlights the moving comment at `point` (widget coordinates) for
    /// `pauseDuration` seconds; a second tap starts the pause again.
    /// - Returns: whether a comment was there.
    @discardableResult
    package func pause(at point: Point) -> Bool {
        guard let i = movingIndex(at: point) else { return false }
        moving[i].pauseRemaining = configuration.pauseDuration
        return true
    }

    /// The moving comment whose box holds `point` vertically and whose text is within a
    /// finger's slop of it horizontally (a comment moves a few pixels between finger down and up).
    /// A comment faded out before an area kept clear cannot be seen, so it takes no tap.
    func movingIndex(at point: Point) -> Int? {
        guard point.y >= 0, point.y < bounds.height else { return nil }
        let slop = 16.0, screenWidth = lanes.screenWidth
        return moving.firstIndex { item in
            guard item.shown > 0.5, point.y >= item.y, point.y < item.y + item.height else { return false }
            let x = item.x(screenWidth: screenWidth)
            return point.x >= x - slop && point.x < x + item.width + slop
        }
    }
}
