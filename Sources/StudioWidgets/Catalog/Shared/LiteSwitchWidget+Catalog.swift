import StudioDomain
import StudioKit

extension LiteSwitchWidget: CatalogWidget {
    package static let catalogName = "liteSwitch"
    package static var defaultLevel: Double { Levels.liteSwitch }

    /// No options.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return LiteSwitchWidget(level: level)
    }
}
