import StudioDomain
import StudioKit

extension GiftComboWidget: CatalogWidget {
    package static var catalogName: String { "giftCombo" }
    package static var defaultLevel: Double { Levels.giftCombo }

    /// Options: `slots` (1...4, 2), `stay` (0.5...10 s, 3), `comboWindow` (0.5...10 s, 3),
    /// `queueLimit` (1...1000, 50), `top` (0...1200, 630), `tiers` (any of "small",
    /// "medium", "fullScreen"; all by default).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = GiftComboConfiguration()
        c.slots = try options.int("slots", default: c.slots, in: 1...4)
        c.stay = try options.double("stay", default: c.stay, in: 0.5...10)
        c.comboWindow = try options.double("comboWindow", default: c.comboWindow, in: 0.5...10)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...1000)
        c.top = try options.double("top", default: c.top, in: 0...1200)
        c.tiers = try GiftTiers.parse(options, default: c.tiers)
        try options.finish()
        return GiftComboWidget(level: level, configuration: c)
    }
}

/// The `tiers` option shared by the gift widgets.
enum GiftTiers {
    static func parse(_ options: WidgetOptions, default d: Set<Gift.Tier>) throws -> Set<Gift.Tier> {
        let names = try options.strings("tiers", default: Gift.Tier.allCases.filter(d.contains).map(\.rawValue))
        var tiers = Set<Gift.Tier>()
        for name in names {
            guard let tier = Gift.Tier(rawValue: name) else {
                let valid = Gift.Tier.allCases.map(\.rawValue).joined(separator: ", ")
                throw options.error("tiers", "unknown tier '\(name)'; valid: \(valid)")
            }
            tiers.insert(tier)
        }
        return tiers
    }
}
