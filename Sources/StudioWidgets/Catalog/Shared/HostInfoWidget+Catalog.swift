import StudioDomain
import StudioKit

extension HostInfoWidget: CatalogWidget {
    public static let catalogName = "hostInfo"
    public static var defaultLevel: Double { Levels.hostInfo }

    /// No options: the capsule shows the room's host and online count.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return HostInfoWidget(level: level)
    }
}
