import StudioDomain
import StudioKit

extension BottomBarWidget: CatalogWidget {
    /// Configurations have called the bottom bar "docker" from the start, and its buttons
    /// are their top-level `docker` list: the name stays, so that every file keeps loading.
    package static let catalogName = "docker"
    package static var defaultLevel: Double { Levels.bottomBar }

    /// No options: the buttons come from the configuration's top-level `docker` list, which
    /// the configuration applies as it builds its widgets, so that a room's buttons are
    /// listed in one place.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return BottomBarWidget(level: level)
    }
}
