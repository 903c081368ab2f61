/// The thresholds of the studio's gesture recognizers, in logical pixels and seconds.
/// The defaults are what phones commonly use for a 720x1280 logical screen.
public struct GestureConfig: Hashable, Sendable {
    /// The screen a swipe's progress and commit distance are measured against.
    package var viewport: Size
    /// How far a tap may wander from where it went down before it is no tap.
    package var tapSlop: Double
    /// How long a touch may last and still be a tap.
    package var tapMaxDuration: Double
    /// How far a swipe must move along its axis before it begins.
    package var swipeBeginDistance: Double
    /// How far a widget's own drag must move before it begins: no less than a tap may wander
    /// (so a tap stays a tap) and less than a swipe needs (so a drag on a slider or a pad is
    /// decided before the studio's swipe could be).
    package var dragBeginDistance: Double
    /// A swipe begins only when |along| > |across| * this; values below 1 are treated as 1
    /// so that a horizontal and a vertical swipe can never begin on the same sample.
    package var swipeDominance: Double
    /// A swipe commits when it travelled this fraction of the viewport along its axis...
    package var commitFraction: Double
    /// ...or when it was released at least this fast (px/s) in the direction it travelled.
    package var commitVelocity: Double
    /// The release velocity is measured over at least this much of the latest movement.
    package var velocityWindow: Double
    /// How long a finger must rest (within `tapSlop`) for a long press; longer than
    /// `tapMaxDuration`, so a tap never waits on it.
    package var longPressDuration: Double
    /// A double tap's second touch must go down within this many seconds of the first's up...
    public var doubleTapInterval: Double
    /// ...and this close to where the first went down.
    package var doubleTapDistance: Double

    public init(
        viewport: Size = .studio, tapSlop: Double = 12, tapMaxDuration: Double = 0.35,
        swipeBeginDistance: Double = 14, dragBeginDistance: Double = 12, swipeDominance: Double = 1,
        commitFraction: Double = 0.2, commitVelocity: Double = 700,
        velocityWindow: Double = 0.1, longPressDuration: Double = 0.5,
        doubleTapInterval: Double = 0.3, doubleTapDistance: Double = 40
    ) {
        self.viewport = viewport
        self.tapSlop = tapSlop
        self.tapMaxDuration = tapMaxDuration
        self.swipeBeginDistance = swipeBeginDistance
        self.dragBeginDistance = dragBeginDistance
        self.swipeDominance = swipeDominance
        self.commitFraction = commitFraction
        self.commitVelocity = commitVelocity
        self.velocityWindow = velocityWindow
        self.longPressDuration = longPressDuration
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapDistance = doubleTapDistance
    }

    /// The viewport's extent along `axis`: the distance a progress of 1 stands for.
    package func extent(along axis: SwipeAxis) -> Double {
        axis == .horizontal ? viewport.width : viewport.height
    }
}
