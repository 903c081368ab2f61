import StudioKit

extension RotateButtonWidget: CatalogWidget {
    public static let catalogName = "rotateButton"
    public static var defaultLevel: Double { Levels.rotateButton }

    /// No options.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return RotateButtonWidget(level: level)
    }
}
