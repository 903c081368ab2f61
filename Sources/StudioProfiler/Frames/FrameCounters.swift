import StudioKit

/// What a frame did besides taking time: the counters the bench, the trace and the HUD show.
/// Filled by whoever runs the loop (it knows the backend and the studio's widgets).
public struct FrameCounters: Codable, Hashable, Sendable {
    /// Widgets in the current studio's tree.
    public var widgets = 0
    /// Draw items in the frame's display list.
    public var drawCommands = 0
    /// Text renders served from the backend's text cache this frame.
    public var textCacheHits = 0
    /// Text renders that had to be rasterized this frame.
    public var textCacheMisses = 0
    /// Events the announcer delivered this frame.
    public var eventsDelivered = 0
    /// Danmaku comments on screen at the end of the frame.
    public var danmakuOnScreen = 0
    /// Danmaku so far that a setting blocked, that merged into a duplicate, and that arrived
    /// over the density cap (running totals, so nothing leaves the screen unaccounted).
    public var danmakuBlocked = 0
    public var danmakuMerged = 0
    public var danmakuOverDensity = 0

    public init() {}

    /// The counters by name, in a fixed order (trace counter events, tables).
    public var named: [(String, Int)] {
        [("widgets", widgets), ("drawCommands", drawCommands), ("textCacheHits", textCacheHits),
         ("textCacheMisses", textCacheMisses), ("eventsDelivered", eventsDelivered),
         ("danmakuOnScreen", danmakuOnScreen), ("danmakuBlocked", danmakuBlocked),
         ("danmakuMerged", danmakuMerged), ("danmakuOverDensity", danmakuOverDensity)]
    }
}

/// One frame as the profiler keeps it: when it started, its phase timing, its counters.
public struct FrameSample: Hashable, Sendable {
    /// Seconds on the measuring clock when the frame started.
    public var start: Double
    public var timing: FrameTiming
    public var counters: FrameCounters

    public init(start: Double, timing: FrameTiming, counters: FrameCounters = FrameCounters()) {
        self.start = start
        self.timing = timing
        self.counters = counters
    }
}
