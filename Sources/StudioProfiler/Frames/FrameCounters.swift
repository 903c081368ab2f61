import StudioKit

/// What a frame did besides taking time: the counters the bench, the trace and the HUD show.
/// Filled by whoever runs the loop (it knows the backend and the studio's widgets).
public struct FrameCounters: Codable, Hashable, Sendable {
    /// Widgets in the current studio's tree.
    public var widgets = 0
    /// Draw items in the frame's display list.
    package var drawCommands = 0
    /// Text renders served from the backend's text cache this frame.
    package var textCacheHits = 0
    /// Text renders that had to be rasterized this frame.
    package var textCacheMisses = 0
    /// Events the announcer delivered this frame.
    package var eventsDelivered = 0
    /// Danmaku comments on screen at the end of the frame.
    package var danmakuOnScreen = 0
    /// Danmaku so far that a setting blocked, that merged into a duplicate, and that arrived
    /// over the density cap (running totals, so nothing leaves the screen unaccounted).
    package var danmakuBlocked = 0
    package var danmakuMerged = 0
    package var danmakuOverDensity = 0
    /// Tiles of the renderer's layer surfaces drawn again this frame, and tiles of the frame
    /// that changed (a still frame: both 0).
    package var tilesDrawn = 0
    package var tilesChanged = 0
    /// Sprite pictures the renderer found in its cache, and had to make, this frame.
    package var spriteHits = 0
    package var spriteMisses = 0
    /// Bytes the renderer's caches hold: layer surfaces, sprite pictures, text masks and
    /// kept round boxes together, and the first three each.
    package var cacheBytes = 0
    package var surfaceBytes = 0
    package var spriteBytes = 0
    package var textCacheBytes = 0
    /// How busy the raster threads were, in percent of the render's drawing time on all the
    /// cores they could use.
    package var workerUtilisation = 0
    /// Microseconds the bands took, start to end, to draw the last frame finished. A window
    /// draws behind its loop (`SDLWindowBackend.drawsBehind`), so this time is not in the
    /// frame's busy time; it has to fit in a frame's period beside it.
    package var drawMicros = 0
    /// Bytes of decoded images the image cache holds.
    package var imageCacheBytes = 0
    /// The video player's frames shown and dropped so far (their time passed before they
    /// could be shown), frames decoded and waiting, and the last frame's decode and convert
    /// times in microseconds, from its latest progress note (0 without a video).
    package var videoShown = 0
    package var videoDropped = 0
    package var videoQueued = 0
    package var videoDecodeMicros = 0
    package var videoConvertMicros = 0
    /// Bytes of the decoded video frames waiting to be shown, every stream together.
    package var videoQueueBytes = 0
    /// The process's resident memory at the end of the frame (0 when not read: it costs a
    /// file read, so a bench reads it every frame only when tracing).
    package var residentBytes = 0

    public init() {}

    /// What a counter counts: something done in the frame (summed over a run), or a level
    /// or running total read at its end (only its peak means anything).
    public enum Kind: Sendable { case perFrame, level }

    /// Every counter: its name, where it is kept and its kind, in a fixed order (trace
    /// counter events, tables).
    package static let fields: [(name: String, path: WritableKeyPath<FrameCounters, Int> & Sendable, kind: Kind)] = [
        ("widgets", \.widgets, .perFrame), ("drawCommands", \.drawCommands, .perFrame),
        ("textCacheHits", \.textCacheHits, .perFrame), ("textCacheMisses", \.textCacheMisses, .perFrame),
        ("eventsDelivered", \.eventsDelivered, .perFrame), ("danmakuOnScreen", \.danmakuOnScreen, .perFrame),
        ("danmakuBlocked", \.danmakuBlocked, .level), ("danmakuMerged", \.danmakuMerged, .level),
        ("danmakuOverDensity", \.danmakuOverDensity, .level),
        ("tilesDrawn", \.tilesDrawn, .perFrame), ("tilesChanged", \.tilesChanged, .perFrame),
        ("spriteHits", \.spriteHits, .perFrame), ("spriteMisses", \.spriteMisses, .perFrame),
        ("cacheBytes", \.cacheBytes, .level), ("surfaceBytes", \.surfaceBytes, .level),
        ("spriteBytes", \.spriteBytes, .level), ("textCacheBytes", \.textCacheBytes, .level),
        ("imageCacheBytes", \.imageCacheBytes, .level),
        ("workerUtilisation", \.workerUtilisation, .level), ("drawMicros", \.drawMicros, .perFrame),
        ("videoShown", \.videoShown, .level), ("videoDropped", \.videoDropped, .level),
        ("videoQueued", \.videoQueued, .level),
        ("videoDecodeMicros", \.videoDecodeMicros, .level), ("videoConvertMicros", \.videoConvertMicros, .level),
        ("videoQueueBytes", \.videoQueueBytes, .level),
        ("residentBytes", \.residentBytes, .level),
    ]

    /// The counters by name, in `fields` order.
    public var named: [(String, Int)] { Self.fields.map { ($0.name, self[keyPath: $0.path]) } }
}

/// One frame as the profiler keeps it: when it started, its phase timing, its counters.
public struct FrameSample: Hashable, Sendable {
    /// Seconds on the measuring clock when the frame started.
    public var start: Double
    package var timing: FrameTiming
    package var counters: FrameCounters

    public init(start: Double, timing: FrameTiming, counters: FrameCounters = FrameCounters()) {
        self.start = start
        self.timing = timing
        self.counters = counters
    }
}
