import StudioKit

/// A widget's own options (a text's words, a shape's colour), as its room's configuration
/// gives them: what the page shows and edits beside the properties every widget has. The app
/// provides it (`DevToolsOverlay.widgetOptions`), since the catalog and the configuration
/// loader are not this module's; without one, only those properties can be set.
package protocol DevToolsWidgetOptions: AnyObject {
    /// The options `widget` was configured with (its own, its room's and those set from the
    /// page), each as JSON text by key; nil for a widget no configuration entry made.
    func options(of widget: Widget, in studio: Room) -> [String: String]?
    /// Sets option `key` of `widget` to `value`, checked as the configuration loader checks
    /// it; what it did, or why not, in the loader's words. The widget may be built again in
    /// its place, so look it up by name afterwards.
    func set(_ key: String, to value: DevToolsValue, of widget: Widget, in studio: Room) -> String
    /// Takes back what the page set for option `key` of `widget`: the widget is built again
    /// with its configuration's value, or the option's default where it gives none; what it
    /// did, or why not.
    func unset(_ key: String, of widget: Widget, in studio: Room) -> String
}
