import StudioKit

/// The script of a positioned danmaku: where it appears and where it moves to (fractions
/// 0...1 of the band's width and height, the text's top-left corner), how it fades, and when.
/// Bilibili's mode 7 carries the same numbers.
///
/// The comment stays `duration` seconds; it holds at `start` for `moveDelay` seconds, then
/// moves in a straight line to `end` over `moveDuration` seconds (none: it stays at `start`)
/// and holds there; its opacity goes from `alphaFrom` to `alphaTo` linearly over `duration`.
public struct DanmakuMotion: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var alphaFrom: Double
    public var alphaTo: Double
    /// Seconds on screen.
    public var duration: Double
    /// Seconds the move from `start` to `end` takes; 0 for none.
    public var moveDuration: Double
    /// Seconds after appearing before the move begins.
    public var moveDelay: Double

    public init(start: Point, end: Point? = nil, alphaFrom: Double = 1, alphaTo: Double = 1, duration: Double = 4.5,
                moveDuration: Double = 0, moveDelay: Double = 0) {
        self.start = start
        self.end = end ?? start
        self.alphaFrom = alphaFrom
        self.alphaTo = alphaTo
        self.duration = duration
        self.moveDuration = moveDuration
        self.moveDelay = moveDelay
    }

    /// Where the comment is `age` seconds after it appeared, in fractions of the band.
    public func position(at age: Double) -> Point {
        guard moveDuration > 0, age > moveDelay else { return start }
        let t = min(1, (age - moveDelay) / moveDuration)
        return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    }

    /// The comment's opacity `age` seconds after it appeared, clamped to 0...1.
    public func alpha(at age: Double) -> Double {
        let t = duration > 0 ? min(1, max(0, age / duration)) : 1
        return min(1, max(0, alphaFrom + (alphaTo - alphaFrom) * t))
    }
}
