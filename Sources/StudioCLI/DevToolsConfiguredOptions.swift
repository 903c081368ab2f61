import Foundation
import StudioDevTools
import StudioKit
import Studios

/// DevTools' widget options for configured rooms: a widget's options are its configuration
/// entry's, and setting one builds the widget again from the entry with the new value, in
/// its place, through the same checks as loading the file (`StudioConfig.makeWidget`), so a
/// refusal reads as the loader's: the file, the option's key path and the reason.
///
/// What the page set is kept per room and widget, so a second edit keeps the first; the
/// configuration file itself is never written.
final class DevToolsConfiguredOptions: DevToolsWidgetOptions {
    let catalog: WidgetCatalog
    private var edited: [String: [String: JSONValue]] = [:]

    init(catalog: WidgetCatalog) {
        self.catalog = catalog
    }

    /// The configured room and the entry that made `widget`, a widget at the top of a layer.
    private func entry(of widget: Widget, in studio: Room) -> (StudioConfig, StudioConfig.WidgetEntry)? {
        guard let config = studio.part(RoomConfiguration.self)?.config, widget.parent is LayerContainer,
            let entry = config.widgets.first(where: { $0.id == widget.name })
        else { return nil }
        return (config, entry)
    }

    private func key(_ widget: Widget, _ studio: Room) -> String { "\(ObjectIdentifier(studio).hashValue)/\(widget.name)" }

    func options(of widget: Widget, in studio: Room) -> [String: String]? {
        guard let (config, entry) = entry(of: widget, in: studio) else { return nil }
        let values = config.options(of: entry, room: studio.room.id).merging(edited[key(widget, studio)] ?? [:]) { _, new in new }
        return values.mapValues(Self.text)
    }

    func set(_ option: String, to value: DevToolsValue, of widget: Widget, in studio: Room) -> String {
        var overrides = edited[key(widget, studio)] ?? [:]
        overrides[option] = Self.json(value)
        return rebuild(widget, in: studio, with: overrides, verb: "set \(option)")
            ?? "set \(option) of \(widget.name) to \(Self.text(Self.json(value)))"
    }

    func unset(_ option: String, of widget: Widget, in studio: Room) -> String {
        var overrides = edited[key(widget, studio)] ?? [:]
        overrides[option] = nil
        return rebuild(widget, in: studio, with: overrides, verb: "undo \(option)") ?? "undid \(option) of \(widget.name)"
    }

    /// Builds `widget` again from its entry with `overrides`, in its place, and keeps them;
    /// nil when done, else why not.
    private func rebuild(_ widget: Widget, in studio: Room, with overrides: [String: JSONValue], verb: String) -> String? {
        let name = widget.name
        guard let (config, entry) = entry(of: widget, in: studio) else {
            return "refused \(verb) of \(name): it has no configuration entry (only hidden, level, frame and alpha can be set)"
        }
        do {
            let rebuilt = try config.makeWidget(entry, catalog: catalog, room: studio.room.id, overrides: overrides)
            // In the place of the old one: its level (which the page may have changed too),
            // frame and visibility, which are not options.
            try rebuilt.setLevel(widget.level)
            rebuilt.isHidden = widget.isHidden
            rebuilt.alpha = widget.alpha
            widget.removeFromParent()
            try studio.add(rebuilt)
        } catch {
            return "refused \(verb) of \(name): \(error)"
        }
        edited[key(widget, studio)] = overrides
        return nil
    }

    static func json(_ value: DevToolsValue) -> JSONValue {
        switch value {
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .text(let t): .string(t)
        case .frame(let f): .object(["x": .number(f.x), "y": .number(f.y), "width": .number(f.width), "height": .number(f.height)])
        }
    }

    /// `value` as compact JSON text, keys sorted.
    static func text(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
