import StudioDomain
import StudioKit

extension RotateButtonWidget: CatalogWidget {
    package static let catalogName = "rotateButton"
    package static var defaultLevel: Double { Levels.rotateButton }

    /// Options: `y`, its top in a portrait room (default 43.75% down the page); on a
    /// landscape stream it sits on the picture's corner whatever the option.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = RotateButtonWidget(level: level)
        widget.placement = FramePlacement(x: nil, y: try options.placement().y)
        try options.finish()
        return widget
    }
}
