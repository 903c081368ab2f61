import StudioDomain
import StudioKit

extension HeartsWidget: CatalogWidget {
    public static let catalogName = "hearts"
    public static var defaultLevel: Double { Levels.hearts }

    /// Options: `burstSize` (1...12, default 4) hearts per tap.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = HeartsWidget(level: level)
        widget.burstSize = try options.int("burstSize", default: widget.burstSize, in: 1...12)
        try options.finish()
        return widget
    }
}
