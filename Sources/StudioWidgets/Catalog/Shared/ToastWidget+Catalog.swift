import StudioDomain
import StudioKit

extension ToastWidget: CatalogWidget {
    public static let catalogName = "toast"
    public static var defaultLevel: Double { Levels.toast }

    /// Options: `durationSeconds` (0.5...10, default 1.6) a toast stays.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = ToastWidget(level: level)
        widget.duration = try options.double("durationSeconds", default: widget.duration, in: 0.5...10)
        try options.finish()
        return widget
    }
}
