import StudioKit

extension DockerWidget: CatalogWidget {
    public static let catalogName = "docker"
    public static var defaultLevel: Double { Levels.docker }

    /// No options: the buttons come from the configuration's top-level `docker` list, which
    /// the studio applies (`ConfiguredStudio`), so that a studio's buttons are listed
    /// in one place.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return DockerWidget(level: level)
    }
}
