/// The script of a mode-7 ("advanced") danmaku: where it appears, where it moves to, how it
/// fades, and when.
///
/// Bilibili stores it as a JSON array in the element's text:
/// `[x, y, "alphaFrom-alphaTo", duration, text, rotateZ, rotateY, endX, endY, moveMs, delayMs, …]`.
/// Numbers may be written as JSON numbers or strings. Indexes after 10 (outline, font,
/// linear easing, path) are ignored. Bilibili does not document the layout; this is how the
/// open-source players that draw these comments read it.
public struct PositionedMotion: Sendable, Hashable {
    /// How to read `start` and `end`.
    package enum Coordinates: Sendable, Hashable {
        /// Fractions of the video's width and height, 0...1. Chosen when every coordinate in
        /// the script is at most 1, as the common players do.
        case fractionOfScreen
        /// Pixels on Bilibili's reference player.
        case pixels
    }

    /// A point in `coordinates`.
    public struct Point: Sendable, Hashable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    package var start: Point
    /// Where the comment moves to; the start point when the script has no end.
    package var end: Point
    package var coordinates: Coordinates
    /// Opacity at the start and at the end of `duration`, 0...1.
    package var alphaFrom: Double
    package var alphaTo: Double
    /// Seconds the comment stays on screen.
    package var duration: Double
    /// Seconds the move from `start` to `end` takes; 0 when it does not move.
    package var moveDuration: Double
    /// Seconds after appearing before the move begins.
    package var moveDelay: Double
    /// Rotation about the screen's normal and about the vertical axis, in degrees.
    package var rotationZ: Double
    package var rotationY: Double
    /// The points of the script's motion path, in `coordinates`, when it has one (item 14,
    /// `M x,y L x,y …`): the comment follows them in turn during the move, each stretch taking
    /// its share of `moveDuration` by its length, as DanmakuFlameMaster plays them. `start` is
    /// then the first point and `end` the last. Empty without a path.
    package var path: [Point]

    package init(
        start: Point, end: Point, coordinates: Coordinates,
        alphaFrom: Double = 1, alphaTo: Double = 1,
        duration: Double = 4.5, moveDuration: Double = 0, moveDelay: Double = 0,
        rotationZ: Double = 0, rotationY: Double = 0, path: [Point] = []
    ) {
        self.start = start
        self.end = end
        self.coordinates = coordinates
        self.alphaFrom = alphaFrom
        self.alphaTo = alphaTo
        self.duration = duration
        self.moveDuration = moveDuration
        self.moveDelay = moveDelay
        self.rotationZ = rotationZ
        self.rotationY = rotationY
        self.path = path
    }
}
