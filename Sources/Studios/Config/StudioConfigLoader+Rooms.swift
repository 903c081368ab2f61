import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

extension StudioConfigLoader {
    /// `rooms`: what one room of the kind does differently, as options over its widgets'
    /// own, by room id and widget id:
    ///
    /// ```json
    /// "rooms": { "104": { "video": { "file": "videos/marco.mp4" }, "pkOpponent": { "file": "videos/kai.mp4" } } }
    /// ```
    ///
    /// A room's id must be a whole number, each widget one the configuration lists, and the
    /// options ones that widget takes with the others it has (each widget is built once here
    /// with them, as in `checkWidgets`).
    func checkRooms(
        _ value: JSONValue, widgets: [StudioConfig.WidgetEntry], reader r: StudioConfigReader
    )
        throws(ConfigError) -> [Int: [String: [String: JSONValue]]]
    {
        let rooms = try r.object(value, at: "rooms", "of room ids, like { \"104\": { \"video\": { \"file\": \"videos/a.mp4\" } } }")
        var out: [Int: [String: [String: JSONValue]]] = [:]
        for (key, value) in rooms.sorted(by: { $0.key < $1.key }) {
            let path = "rooms.\(key)"
            guard let id = Int(key), id > 0, String(id) == key else {
                throw r.error(path, "'\(key)' is not a room id; rooms are keyed by their whole-number id, like \"104\"")
            }
            let overrides = try r.object(
                value, at: path, "of widget ids and their options, like { \"video\": { \"file\": \"videos/a.mp4\" } }")
            for (widgetID, options) in overrides.sorted(by: { $0.key < $1.key }) {
                let at = "\(path).\(widgetID)"
                guard let entry = widgets.first(where: { $0.id == widgetID }) else {
                    throw r.error(
                        at,
                        "names '\(widgetID)', which this configuration's widgets do not list; name one of: "
                            + widgets.map(\.id).sorted().joined(separator: ", "))
                }
                let values = try r.object(options, at: at, "of the widget's options for this room")
                let merged = entry.options.merging(values) { _, room in room }
                let widgetOptions = WidgetOptions(file: r.file, keyPath: at, values: merged, id: entry.id)
                do {
                    _ = try catalog.type(named: entry.name)!.make(level: entry.level, options: widgetOptions)
                    try widgetOptions.finish()
                } catch let error as ConfigError {
                    throw r.located(error)
                } catch {
                    throw r.error(at, "the widget '\(entry.name)' cannot be built with this room's options: \(error)")
                }
                out[id, default: [:]][widgetID] = values
            }
        }
        return out
    }
}
