import StudioDomain
import StudioKit

extension StudioBadgeWidget: CatalogWidget {
    public static let catalogName = "studioBadge"
    public static var defaultLevel: Double { standardLevel }

    /// Options: `color` ("#RRGGBB", default the brand pink), the badge's accent; `title`,
    /// shown instead of the studio's configured title (default "": the studio's title).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let hex = try options.string("color", default: "#FE2C55")
        guard let color = Color(parsingHex: hex) else {
            throw options.error("color", "must be a color written #RRGGBB, for example \"#FE2C55\" (got \"\(hex)\")")
        }
        let widget = StudioBadgeWidget(level: level, color: color)
        let title = try options.string("title", default: "")
        if !title.isEmpty { widget.titleOverride = title }
        try options.finish()
        return widget
    }
}
