import StudioDomain
import StudioKit

extension LiteSwitchWidget: CatalogWidget {
    public static let catalogName = "liteSwitch"
    public static var defaultLevel: Double { Levels.liteSwitch }

    /// No options.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return LiteSwitchWidget(level: level)
    }
}
