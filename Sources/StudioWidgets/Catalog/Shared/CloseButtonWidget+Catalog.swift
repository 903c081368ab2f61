import StudioDomain
import StudioKit

extension CloseButtonWidget: CatalogWidget {
    public static let catalogName = "closeButton"
    public static var defaultLevel: Double { Levels.closeButton }

    /// No options.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return CloseButtonWidget(level: level)
    }
}
