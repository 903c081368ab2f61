import StudioKit

/// The script of a positioned danmaku: where it appears and where it moves to (fractions
/// 0...1 of the band's width and height, the text's top-left corner), how it fades, and when.
/// Bilibili's mode 7 carries the same numbers.
///
/// A comment from a danmaku file was written for a player of another shape: its `stage` is
/// that player's size, and its fractions are of the stage, which the band shows whole and
/// undistorted (scaled to fit, centred), its text scaled with it, so that the lines of a
/// picture drawn with many comments meet as their author placed them. Without a stage the
/// fractions are of the band itself.
///
/// The comment stays `duration` seconds; it holds at `start` for `moveDelay` seconds, then
/// moves in a straight line to `end` over `moveDuration` seconds (none: it stays at `start`)
/// and holds there; its opacity goes from `alphaFrom` to `alphaTo` linearly over `duration`.
/// With a `path` (Bilibili's motion path), the move goes through its points in turn, each
/// stretch taking its share of `moveDuration` by its length on the stage, at an even speed.
public struct DanmakuMotion: Hashable, Sendable {
    package var start: Point
    package var end: Point
    package var alphaFrom: Double
    package var alphaTo: Double
    /// Seconds on screen.
    package var duration: Double
    /// Seconds the move from `start` to `end` takes; 0 for none.
    package var moveDuration: Double
    /// Seconds after appearing before the move begins.
    package var moveDelay: Double
    /// The size of the player the script was written for, whose fractions `start` and `end`
    /// are; nil: fractions of the band.
    package var stage: Size?
    /// The points of the motion path, fractions as `start` is (its first point) and `end`
    /// (its last); empty for a straight move.
    package private(set) var path: [Point] = []
    /// For each point of `path`, the share of the path's length up to it (0 to 1).
    private var pathShares: [Double] = []

    package init(
        start: Point, end: Point? = nil, alphaFrom: Double = 1, alphaTo: Double = 1, duration: Double = 4.5,
        moveDuration: Double = 0, moveDelay: Double = 0, stage: Size? = nil, path: [Point] = []
    ) {
        self.start = start
        self.end = end ?? start
        self.alphaFrom = alphaFrom
        self.alphaTo = alphaTo
        self.duration = duration
        self.moveDuration = moveDuration
        self.moveDelay = moveDelay
        self.stage = stage
        setPath(path)
    }

    /// Takes `points` as the path, measuring its stretches on the stage (fractions of a wide
    /// stage are longer across than down); fewer than two points, or no length, is no path.
    private mutating func setPath(_ points: [Point]) {
        let scale = stage.map { Size(width: max($0.width, 1), height: max($0.height, 1)) } ?? Size(width: 1, height: 1)
        var lengths = [0.0]
        lengths.reserveCapacity(points.count)
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = (b.x - a.x) * scale.width, dy = (b.y - a.y) * scale.height
            lengths.append(lengths[lengths.count - 1] + (dx * dx + dy * dy).squareRoot())
        }
        guard points.count >= 2, let total = lengths.last, total > 0, total.isFinite else { return }
        path = points
        pathShares = lengths.map { $0 / total }
        start = points[0]
        end = points[points.count - 1]
    }

    /// Where the stage sits in a band of `bounds`: the whole band without a stage, else the
    /// stage scaled to fit it, centred.
    package func area(in bounds: Rect) -> Rect {
        guard let stage, stage.width > 0, stage.height > 0 else { return bounds }
        let scale = min(bounds.width / stage.width, bounds.height / stage.height)
        let size = Size(width: stage.width * scale, height: stage.height * scale)
        return Rect(
            x: bounds.minX + (bounds.width - size.width) / 2, y: bounds.minY + (bounds.height - size.height) / 2,
            width: size.width, height: size.height)
    }

    /// The text's top-left corner `age` seconds after it appeared, in a band of `bounds`.
    package func origin(at age: Double, in bounds: Rect) -> Point {
        let area = area(in: bounds)
        let p = position(at: age)
        return Point(x: area.minX + p.x * area.width, y: area.minY + p.y * area.height)
    }

    /// Where the comment is `age` seconds after it appeared, in fractions of the band.
    package func position(at age: Double) -> Point {
        guard moveDuration > 0, age > moveDelay else { return start }
        let t = min(1, (age - moveDelay) / moveDuration)
        guard path.count >= 2 else { return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t) }
        // The stretch that holds `t`: the first point whose share reaches it, found by halving.
        var lo = 1, hi = path.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if pathShares[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        let a = path[lo - 1], b = path[lo]
        let span = pathShares[lo] - pathShares[lo - 1]
        let u = span > 0 ? (t - pathShares[lo - 1]) / span : 1
        return Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
    }

    /// The comment's opacity `age` seconds after it appeared, clamped to 0...1.
    package func alpha(at age: Double) -> Double {
        let t = duration > 0 ? min(1, max(0, age / duration)) : 1
        return min(1, max(0, alphaFrom + (alphaTo - alphaFrom) * t))
    }
}
