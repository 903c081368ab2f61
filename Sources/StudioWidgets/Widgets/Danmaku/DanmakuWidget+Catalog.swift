import StudioDomain
import StudioKit

extension DanmakuWidget: CatalogWidget {
    public static var catalogName: String { "danmaku" }
    public static var defaultLevel: Double { Levels.danmaku }

    /// Options: `maxOnScreen` (1...2000, 200), `queueLimit` (1...100000, 1000), `maxWait`
    /// (0.5...600 s, 8), `duration`
    /// (2...20 s, 7), `fixedDuration` (1...20 s, 4), `pauseDuration` (0.5...10 s, 3),
    /// `fontSize` (16...64, 32), `top` (0...1200, 180), `height` (40...1280, 720; the band
    /// must end on screen), `gap` (0...200 px, 24), `edge` (shadow or outline),
    /// `demoInterval` (0...10 s, 0 = off), `lookahead` (1...1000, 32), and the settings the
    /// room starts with, flat or in a `settings` object (not both; see
    /// `DanmakuSettings.read(from:)`).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = DanmakuConfiguration()
        c.maxOnScreen = try options.int("maxOnScreen", default: c.maxOnScreen, in: 1...2000)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...100_000)
        c.maxWait = try options.double("maxWait", default: c.maxWait, in: 0.5...600)
        c.duration = try options.double("duration", default: c.duration, in: 2...20)
        c.fixedDuration = try options.double("fixedDuration", default: c.fixedDuration, in: 1...20)
        c.pauseDuration = try options.double("pauseDuration", default: c.pauseDuration, in: 0.5...10)
        c.fontSize = try options.double("fontSize", default: c.fontSize, in: 16...64)
        c.bandTop = try options.double("top", default: c.bandTop, in: 0...1200)
        c.bandHeight = try options.double("height", default: c.bandHeight, in: 40...1280)
        if c.bandTop + c.bandHeight > Size.studio.height {
            throw options.error(
                "height", "the band must end on screen: top + height <= \(Int(Size.studio.height)) (got \(c.bandTop + c.bandHeight))")
        }
        if c.bandHeight < c.laneHeight {
            throw options.error("height", "must hold at least one lane of \(c.laneHeight) px for fontSize \(c.fontSize)")
        }
        c.gap = try options.double("gap", default: c.gap, in: 0...200)
        let edge = try options.choice("edge", default: c.edge.rawValue, allowed: DanmakuEdge.allCases.map(\.rawValue))
        c.edge = DanmakuEdge(rawValue: edge) ?? .shadow
        c.demoInterval = try options.double("demoInterval", default: c.demoInterval, in: 0...10)
        c.lookahead = try options.int("lookahead", default: c.lookahead, in: 1...1000)
        c.settings = try DanmakuSettings.read(from: options)
        try options.finish()
        return DanmakuWidget(level: level, configuration: c)
    }
}
