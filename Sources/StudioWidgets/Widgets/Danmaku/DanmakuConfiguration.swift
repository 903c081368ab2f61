import StudioDomain
import StudioKit

/// The knobs of a `DanmakuWidget`; each is also an option of the catalog entry.
public struct DanmakuConfiguration: Hashable, Sendable {
    /// The most comments on screen at once; more wait in the overflow queue.
    public var maxOnScreen = 200
    /// The most comments waiting; beyond it identical ones merge and the oldest are dropped.
    public var queueLimit = 1000
    /// Seconds a comment may wait for room before it is dropped (counted): in a busy room a
    /// comment shown half a minute late answers a moment that has passed, so players let the
    /// stale ones go rather than keep the screen behind the chat.
    package var maxWait = 8.0
    /// Seconds a scrolling comment takes to cross the screen, whatever its length (divided by
    /// the settings' speed).
    public var duration = 7.0
    /// Seconds a top or bottom comment stays.
    package var fixedDuration = 4.0
    /// Seconds a tapped comment stays paused.
    package var pauseDuration = 3.0
    /// Text size in logical pixels of a normal-sized comment at scale 1; a lane is 1.35 times
    /// as tall.
    public var fontSize = 32.0
    /// The band's top and height in the studio (lanes fill it from the top).
    package var bandTop = 180.0
    package var bandHeight = 720.0
    /// The least horizontal space between two comments of a lane, in pixels.
    public var gap = 24.0
    /// How text stands out from the video behind it.
    public var edge = DanmakuEdge.shadow
    /// The settings the room starts with (options `settings` or the flat setting keys);
    /// the viewer's own, from the app or the sheet, take their place (`DanmakuPreferences`).
    public var settings = DanmakuSettings()
    /// Seconds between built-in demo comments; 0 turns the demo feed off (the default:
    /// comments come from `.commentArrived`).
    package var demoInterval = 0.0
    /// How many waiting comments one step looks at when placing: a blocked scrolling comment
    /// does not hold back a top or bottom one behind it, at a bounded cost.
    package var lookahead = 32

    public init() {}

    /// The height of one lane at scale 1.
    package var laneHeight: Double { (fontSize * 1.35).rounded(.up) }

    /// How many lanes fit in the band at scale 1 (at least one).
    package var laneCount: Int { max(1, Int(clamping: bandHeight / laneHeight)) }
}

/// How danmaku text stands out from a bright or busy picture.
public enum DanmakuEdge: String, Hashable, Sendable, CaseIterable {
    /// A dark silhouette 2 px down and right: two draw items a comment.
    case shadow
    /// A dark 1-px ring of four silhouettes (one px off on each diagonal), readable on white
    /// video: five draw items a comment, two and a half times the shadow's.
    case outline
}
