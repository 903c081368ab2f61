import StudioDomain
import StudioKit

extension CoverWidget: CatalogWidget {
    package static let catalogName = "cover"
    package static var defaultLevel: Double { Levels.cover }

    /// Options: `dimming` (0...1, default 0.3), how much black lies over the cover.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CoverWidget(level: level)
        widget.dimming = try options.double("dimming", default: 0.3, in: 0...1)
        try options.finish()
        return widget
    }
}
