import StudioKit

extension StudioConfigLoader {
    /// Checks the `widgets` array: each entry an object with a known `widget` name, an
    /// optional valid `level` (default: the widget's) and optional `options` that the
    /// widget's `make` accepts (each widget is built once here and thrown away; studios
    /// build their own). A widget may be listed once.
    func checkWidgets(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> [StudioConfig.WidgetEntry] {
        let items = try r.array(value, at: "widgets", "of widget entries")
        guard !items.isEmpty else {
            throw r.error("widgets", "is empty; list the widgets the studio shows, for example { \"widget\": \"video\" }")
        }
        var entries: [StudioConfig.WidgetEntry] = []
        for (i, item) in items.enumerated() {
            let path = "widgets[\(i)]"
            let entry = try checkWidget(item, at: path, reader: r)
            if let first = entries.firstIndex(where: { $0.name == entry.name }) {
                throw r.error("\(path).widget", "'\(entry.name)' is listed twice (also widgets[\(first)]); "
                              + "a studio shows each widget once: remove one")
            }
            entries.append(entry)
        }
        return entries
    }

    private func checkWidget(_ value: JSONValue, at path: String, reader r: StudioConfigReader) throws(ConfigError) -> StudioConfig.WidgetEntry {
        let object = try r.object(value, at: path, "like { \"widget\": \"cover\", \"level\": 10 }")
        try r.checkKeys(object, at: path, required: ["widget": "\"cover\" (a catalogue name)"],
                        optional: ["level", "options"])
        let name = try r.string(object["widget"]!, at: "\(path).widget", "naming a catalogue widget")
        guard let type = catalog.type(named: name) else {
            throw r.error("\(path).widget", "unknown widget '\(name)'; known: \(catalog.names.joined(separator: ", "))")
        }
        let level = try object["level"].map { v throws(ConfigError) in try checkLevel(v, at: "\(path).level", reader: r) }
            ?? type.defaultLevel
        let options = try object["options"].map { v throws(ConfigError) in
            try r.object(v, at: "\(path).options", "of the widget's options")
        } ?? [:]
        let entry = StudioConfig.WidgetEntry(name: name, level: level, options: options, keyPath: path)
        // Build it once: the widget's own `make` is what knows its options.
        let widgetOptions = WidgetOptions(file: r.file, keyPath: "\(path).options", values: options)
        do {
            _ = try type.make(level: level, options: widgetOptions)
            try widgetOptions.finish()
        } catch let error as ConfigError {
            throw r.located(error)
        } catch {
            throw r.error(path, "the widget '\(name)' cannot be built: \(error)")
        }
        return entry
    }
}
