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

    package init(
        start: Point, end: Point? = nil, alphaFrom: Double = 1, alphaTo: Double = 1, duration: Double = 4.5,
        moveDuration: Double = 0, moveDelay: Double = 0, stage: Size? = nil
    ) {
        self.start = start
        self.end = end ?? start
        self.alphaFrom = alphaFrom
        self.alphaTo = alphaTo
        self.duration = duration
        self.moveDuration = moveDuration
        self.moveDelay = moveDelay
        self.stage = stage
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
        return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    }

    /// The comment's opacity `age` seconds after it appeared, clamped to 0...1.
    package func alpha(at age: Double) -> Double {
        let t = duration > 0 ? min(1, max(0, age / duration)) : 1
        return min(1, max(0, alphaFrom + (alphaTo - alphaFrom) * t))
    }
}
