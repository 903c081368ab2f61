/// The knobs of a `DanmakuWidget`; each is also an option of the catalogue entry.
public struct DanmakuConfiguration: Hashable, Sendable {
    /// The most comments on screen at once; more wait in the overflow queue.
    public var maxOnScreen = 200
    /// The most comments waiting; beyond it identical ones merge and the oldest are dropped.
    public var queueLimit = 1000
    /// Seconds a scrolling comment takes to cross the screen, whatever its length.
    public var duration = 7.0
    /// Seconds a top or bottom comment stays.
    public var fixedDuration = 4.0
    /// Seconds a tapped comment stays paused.
    public var pauseDuration = 3.0
    /// Text size in logical pixels; a lane is 1.35 times as tall.
    public var fontSize = 32.0
    /// The band's top and height in the studio (lanes fill it from the top).
    public var bandTop = 180.0
    public var bandHeight = 720.0
    /// The least horizontal space between two comments of a lane, in pixels.
    public var gap = 24.0
    /// The barrage's opacity (players offer it as a setting).
    public var opacity = 1.0
    /// Seconds between built-in demo comments; 0 turns the demo feed off (the default:
    /// comments come from `.commentArrived`).
    public var demoInterval = 0.0
    /// How many waiting comments one step looks at when placing: a blocked scrolling comment
    /// does not hold back a top or bottom one behind it, at a bounded cost.
    public var lookahead = 32

    public init() {}

    /// The height of one lane.
    public var laneHeight: Double { (fontSize * 1.35).rounded(.up) }

    /// How many lanes fit in the band (at least one).
    public var laneCount: Int { max(1, Int(clamping: bandHeight / laneHeight)) }
}
