import StudioDomain
import StudioKit

/// A widget that studio configurations can name (`"widget": "danmaku"`). Each conforming
/// type says its catalog name, its default level, and how it is built from its options.
public protocol CatalogWidget: Widget {
    /// The name configurations use; lowerCamelCase, unique in the catalog.
    static var catalogName: String { get }
    /// The level used when the configuration gives none.
    static var defaultLevel: Double { get }
    /// Builds the widget at `level` from the entry's options. Read every supported option
    /// with `options`' getters, then call `options.finish()` so unknown keys are errors.
    static func make(level: Double, options: WidgetOptions) throws -> Widget
    /// Whether an entry may give this widget an `id` (its name in the tree, which makes it
    /// possible to list it more than once); `make` names the widget `options.id`. Widgets
    /// the studios find by their catalog name keep it (the default: false).
    static var takesID: Bool { get }
    /// The states `studio preview` and `studio gallery` show beside `default` (see
    /// `PreviewState`); none unless the widget declares them. The assets' `previews.json`
    /// may add more.
    static var previewStates: [PreviewState] { get }
}

extension CatalogWidget {
    public static var takesID: Bool { false }
    public static var previewStates: [PreviewState] { [] }
}

/// Every widget a configuration can name, by name. Only the standard widgets are built in;
/// another package lists its own and adds them (`+`).
public struct WidgetCatalog: Sendable {
    package private(set) var entries: [String: any CatalogWidget.Type] = [:]
    /// The module that registered each name, for errors about it.
    private var modules: [String: String] = [:]
    /// Names registered more than once, by every module that registered them; `Catalog`
    /// refuses to run with any.
    package private(set) var conflicts: [RegistrationConflict] = []

    /// `types` registered by the calling module (`fileID` names it in errors).
    public init(_ types: [any CatalogWidget.Type], fileID: String = #fileID) {
        let module = Registry.module(ofFileID: fileID)
        for t in types { add(t, module: module) }
    }

    private mutating func add(_ type: any CatalogWidget.Type, module: String) {
        if let first = modules[type.catalogName] {
            conflicts.append(
                RegistrationConflict(
                    what: "widget", name: type.catalogName, modules: [first, module],
                    fix: "register the widget once, or give one of them another `catalogName`"))
            return
        }
        entries[type.catalogName] = type
        modules[type.catalogName] = module
    }

    /// Both catalogs; a name both register is a conflict.
    public static func + (lhs: WidgetCatalog, rhs: WidgetCatalog) -> WidgetCatalog {
        var sum = lhs
        sum.conflicts += rhs.conflicts
        for name in rhs.names { sum.add(rhs.entries[name]!, module: rhs.modules[name]!) }
        return sum
    }

    /// The catalog of this module: its widgets and the primitives designers compose
    /// widgets from.
    public static func standard() -> WidgetCatalog {
        WidgetCatalog(sharedWidgets + liveWidgets + paidWidgets + kindWidgets + feedWidgets + primitiveWidgets)
    }

    /// Known names, sorted (for error messages).
    public var names: [String] { entries.keys.sorted() }

    public func type(named name: String) -> (any CatalogWidget.Type)? { entries[name] }

    /// The module that registered `name`.
    public func module(of name: String) -> String? { modules[name] }
}
