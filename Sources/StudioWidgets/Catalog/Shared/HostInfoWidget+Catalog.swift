import StudioDomain
import StudioKit

extension HostInfoWidget: CatalogWidget {
    package static let catalogName = "hostInfo"
    package static var defaultLevel: Double { Levels.hostInfo }

    /// No options: the capsule shows the room's host and online count.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return HostInfoWidget(level: level)
    }
}
