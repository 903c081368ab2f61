import StudioKit

/// A widget that studio configurations can name (`"widget": "danmaku"`). Each conforming
/// type says its catalogue name, its default level, and how it is built from its options.
public protocol CatalogWidget: Widget {
    /// The name configurations use; lowerCamelCase, unique in the catalogue.
    static var catalogName: String { get }
    /// The level used when the configuration gives none.
    static var defaultLevel: Double { get }
    /// Builds the widget at `level` from the entry's options. Read every supported option
    /// with `options`' getters, then call `options.finish()` so unknown keys are errors.
    static func make(level: Double, options: WidgetOptions) throws -> Widget
    /// Whether an entry may give this widget an `id` (its name in the tree, which makes it
    /// possible to list it more than once); `make` names the widget `options.id`. Widgets
    /// the studios find by their catalogue name keep it (the default: false).
    static var takesID: Bool { get }
}

extension CatalogWidget {
    public static var takesID: Bool { false }
}

/// Every widget a configuration can name, by name.
public struct WidgetCatalog {
    public private(set) var entries: [String: any CatalogWidget.Type] = [:]

    public init(_ types: [any CatalogWidget.Type]) {
        for t in types {
            precondition(entries[t.catalogName] == nil, "two widgets are named '\(t.catalogName)'")
            entries[t.catalogName] = t
        }
    }

    /// The catalogue of this module: shared, live-interaction, business and feed widgets,
    /// and the primitives designers compose widgets from.
    public static func standard() -> WidgetCatalog {
        WidgetCatalog(sharedWidgets + liveWidgets + businessWidgets + feedWidgets + primitiveWidgets)
    }

    /// Known names, sorted (for error messages).
    public var names: [String] { entries.keys.sorted() }

    public func type(named name: String) -> (any CatalogWidget.Type)? { entries[name] }
}
