import StudioDomain
import StudioKit

extension CloseButtonWidget: CatalogWidget {
    package static let catalogName = "closeButton"
    package static var defaultLevel: Double { Levels.closeButton }

    /// No options.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return CloseButtonWidget(level: level)
    }
}
