import StudioDomain
import StudioKit

extension WidgetCatalog {
    /// Widgets that show the state of the simulated server feed: the connection banner.
    static var feedWidgets: [any CatalogWidget.Type] { [ConnectionBannerWidget.self] }
}
