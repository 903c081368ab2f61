import StudioDomain
import StudioKit

extension GiftAnimationWidget: CatalogWidget {
    package static var catalogName: String { "giftAnimation" }
    package static var defaultLevel: Double { Levels.giftAnimation }

    /// Options: `duration` (1...10 s, 3.2), `cutInFactor` (1.5...1000, 10), `queueLimit`
    /// (1...500, 20), `tiers` (any of "small", "medium", "fullScreen"; ["fullScreen"]).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = GiftAnimationConfiguration()
        c.duration = try options.double("duration", default: c.duration, in: 1...10)
        c.cutInFactor = try options.double("cutInFactor", default: c.cutInFactor, in: 1.5...1000)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...500)
        c.tiers = try GiftTiers.parse(options, default: c.tiers)
        try options.finish()
        return GiftAnimationWidget(level: level, configuration: c)
    }
}
