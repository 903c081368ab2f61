import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

extension StudioConfigLoader {
    /// Checks the `widgets` array: each entry an object with a known `widget` name, an
    /// optional valid `level` (default: the widget's) and optional `options` that the
    /// widget's `make` accepts (each widget is built once here and thrown away; studios
    /// build their own). Entries are told apart by id (the optional `id`, else the catalog
    /// name), which must be unique; a widget that names another (a tap opening a sheet) must
    /// name one the room lists.
    func checkWidgets(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> [StudioConfig.WidgetEntry] {
        let items = try r.array(value, at: "widgets", "of widget entries")
        guard !items.isEmpty else {
            throw r.error("widgets", "is empty; list the widgets the studio shows, for example { \"widget\": \"video\" }")
        }
        var entries: [StudioConfig.WidgetEntry] = []
        var references: [(keyPath: String, name: String)] = []
        for (i, item) in items.enumerated() {
            let path = "widgets[\(i)]"
            let (entry, named) = try checkWidget(item, at: path, reader: r)
            if let first = entries.first(where: { $0.id == entry.id }) {
                let key = entry.id == entry.name ? "widget" : "id"
                throw r.error(
                    "\(path).\(key)",
                    "'\(entry.id)' is listed twice (also \(first.keyPath)); each entry "
                        + "needs its own id: remove one, or give one an \"id\" (widgets that take one: "
                        + "\(catalog.names.filter { catalog.type(named: $0)!.takesID }.joined(separator: ", ")))")
            }
            entries.append(entry)
            references += named
        }
        let ids = Set(entries.map(\.id))
        if let missing = references.first(where: { !ids.contains($0.name) }) {
            throw r.error(
                missing.keyPath,
                "names '\(missing.name)', which this room does not list; "
                    + "add { \"widget\": \"\(missing.name)\" } to widgets or name one of: \(ids.sorted().joined(separator: ", "))")
        }
        return entries
    }

    private func checkWidget(
        _ value: JSONValue, at path: String, reader r: StudioConfigReader
    ) throws(ConfigError)
        -> (StudioConfig.WidgetEntry, [(keyPath: String, name: String)])
    {
        let object = try r.object(value, at: path, "like { \"widget\": \"cover\", \"level\": 10 }")
        try r.checkKeys(
            object, at: path, required: ["widget": "\"cover\" (a catalog name)"],
            optional: ["id", "level", "options", "keepOut"])
        let name = try r.string(object["widget"]!, at: "\(path).widget", "naming a catalog widget")
        guard let type = catalog.type(named: name) else {
            throw r.error(
                "\(path).widget",
                "unknown widget '\(name)'; known: \(catalog.names.joined(separator: ", ")); "
                    + "a widget from another package must be registered in the catalog the app runs with")
        }
        let id = try object["id"].map { v throws(ConfigError) in try r.string(v, at: "\(path).id", "naming the entry") }
        if let id {
            guard type.takesID else {
                throw r.error("\(path).id", "'\(name)' takes no id: the studio finds it by its catalog name; remove \"id\"")
            }
            guard !id.isEmpty, id.count <= 40, !id.contains(where: \.isWhitespace) else {
                throw r.error("\(path).id", "must be 1 to 40 characters without spaces (got '\(id)')")
            }
        }
        let level =
            try object["level"].map { v throws(ConfigError) in try checkLevel(v, at: "\(path).level", reader: r) }
            ?? type.defaultLevel
        let options =
            try object["options"].map { v throws(ConfigError) in
                try r.object(v, at: "\(path).options", "of the widget's options")
            } ?? [:]
        // Whether the danmaku must leave the widget uncovered (`Widget.keepsOverlaysOut`).
        let keepOut = try object["keepOut"].map { v throws(ConfigError) -> Bool in
            guard case .bool(let b) = v else {
                throw r.error(
                    "\(path).keepOut", "must be true or false (got \(v.kindDescription)): whether the danmaku keeps off the widget")
            }
            return b
        }
        var entry = StudioConfig.WidgetEntry(name: name, id: id, level: level, options: options, keyPath: path)
        entry.keepOut = keepOut
        // Build it once: the widget's own `make` is what knows its options.
        let widgetOptions = WidgetOptions(file: r.file, keyPath: "\(path).options", values: options, id: entry.id)
        do {
            _ = try type.make(level: level, options: widgetOptions)
            try widgetOptions.finish()
        } catch let error as ConfigError {
            throw r.located(error)
        } catch {
            throw r.error(path, "the widget '\(name)' cannot be built: \(error)")
        }
        return (entry, widgetOptions.widgetReferences)
    }
}
