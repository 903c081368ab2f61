import StudioDomain
import StudioKit

/// What a viewer sets about the barrage, as Bilibili's and DanmakuFlameMaster's players have
/// it: how opaque, where, how fast and how big it is, what it hides and blocks, whether it
/// merges repeats, and how many comments it shows at most.
///
/// They come from the danmaku widget's options in a kind's configuration, from the app
/// (`StudioApp.Options.danmaku`, for every room of a session) and from the settings sheet
/// in the room; `DanmakuPreferences` carries them from room to room. A plain value: the
/// widget applies a new one at its next step, to the comments on screen too.
public struct DanmakuSettings: Hashable, Sendable {
    /// The barrage's opacity, 0.1...1.
    public var opacity = 1.0
    /// How much of the band the lanes use, from the top.
    public var area = DanmakuArea.full
    /// Scrolling comments cross in the configured duration divided by this, 0.5...2. Top,
    /// bottom and positioned comments keep their times (as DanmakuFlameMaster's scroll speed
    /// factor does).
    public var speed = 1.0
    /// The text size relative to the configured one, 0.5...2. Lanes are resized for new
    /// comments; those on screen keep their size until they leave.
    package var fontScale = 1.0
    /// Modes not shown: their comments are blocked when they arrive, and taken off the
    /// screen when the setting changes.
    package var hiddenModes: Set<DanmakuModeKind> = []
    /// Hides every comment not drawn in white.
    package var hidesColored = false
    /// Keywords, patterns and users whose comments are blocked.
    package var blockList = DanmakuBlockList()
    /// Merges a comment into an identical one (same text and mode) that arrived less than
    /// `mergeWindow` seconds before, waiting or on screen: it shows as "666 ×12".
    package var mergesDuplicates = false
    /// Seconds within which identical comments merge, 1...60.
    public var mergeWindow = 10.0
    /// The most comments on screen and waiting together; one arriving over it is dropped
    /// and counted (`DanmakuStats.overDensity`). Nil: no cap (the configuration's
    /// `maxOnScreen` still bounds the screen, and more wait).
    package var densityCap: Int?

    public init() {}

    package static let opacityRange = 0.1...1.0
    package static let speedRange = 0.5...2.0
    package static let fontScaleRange = 0.5...2.0
    package static let mergeWindowRange = 1.0...60.0
    package static let densityRange = 1...2000

    /// The named speeds of the sheet and the command line.
    package static let speeds: [(name: String, value: Double)] = [("slow", 0.75), ("normal", 1), ("fast", 1.5)]
    /// The named text sizes (S, M, L on the sheet).
    package static let fontScales: [(name: String, value: Double)] = [("small", 0.8), ("normal", 1), ("large", 1.25)]
    /// The named densities; "many" has no cap.
    package static let densities: [(name: String, cap: Int?)] = [("few", 20), ("normal", 60), ("many", nil)]

    /// These settings with every number brought into its range (a value set in code may be
    /// anything; the parsers and the configuration refuse what is out of range).
    package var clamped: DanmakuSettings {
        var s = self
        s.opacity = Self.clamp(opacity, Self.opacityRange, default: 1)
        s.speed = Self.clamp(speed, Self.speedRange, default: 1)
        s.fontScale = Self.clamp(fontScale, Self.fontScaleRange, default: 1)
        s.mergeWindow = Self.clamp(mergeWindow, Self.mergeWindowRange, default: 10)
        s.densityCap = densityCap.map { min(max($0, Self.densityRange.lowerBound), Self.densityRange.upperBound) }
        return s
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>, default d: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : d
    }

    /// Whether the comments of `kind` show.
    public func shows(_ kind: DanmakuModeKind) -> Bool { !hiddenModes.contains(kind) }
}
