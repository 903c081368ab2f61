import StudioDomain
import StudioKit

extension WidgetCatalog {
    /// The primitives designers compose widgets from in a configuration, without code:
    /// shapes, text, images, sprites and groups of them.
    static var primitiveWidgets: [any CatalogWidget.Type] {
        [ShapePrimitive.self, TextPrimitive.self, ImagePrimitive.self, SpritePrimitive.self, GroupPrimitive.self]
    }

    static var primitiveNames: [String] { primitiveWidgets.map { $0.catalogName } }
}
