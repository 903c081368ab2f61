import StudioDomain
import StudioKit

extension ActivityIconWidget: CatalogWidget {
    package static let catalogName = "activityIcon"
    package static var defaultLevel: Double { Levels.activityIcon }

    /// Options: `title` (default "Lucky Box", at most 16 characters so it fits the badge),
    /// `periodSeconds` (10...3600, default 180) between two openings of the box.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = ActivityIconWidget(level: level)
        let title = try options.string("title", default: widget.title)
        guard !title.isEmpty, title.count <= 16 else {
            throw options.error("title", "must be 1 to 16 characters to fit the badge (got \(title.count))")
        }
        widget.title = title
        widget.period = try options.double("periodSeconds", default: widget.period, in: 10...3600)
        try options.finish()
        return widget
    }
}
