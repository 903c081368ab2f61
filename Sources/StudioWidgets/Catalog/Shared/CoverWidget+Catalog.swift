import StudioDomain
import StudioKit

extension CoverWidget: CatalogWidget {
    public static let catalogName = "cover"
    public static var defaultLevel: Double { Levels.cover }

    /// Options: `dimming` (0...1, default 0.3), how much black lies over the cover.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CoverWidget(level: level)
        widget.dimming = try options.double("dimming", default: 0.3, in: 0...1)
        try options.finish()
        return widget
    }
}
