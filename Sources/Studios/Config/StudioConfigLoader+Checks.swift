import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

extension StudioConfigLoader {
    /// Checks a parsed configuration, top to bottom: the top-level keys, then each key in
    /// turn, then what only the whole can tell (required widgets, concealed levels no widget
    /// has, concealing a required widget, a docker list without a docker). The first problem
    /// is thrown.
    func check(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> StudioConfig {
        let root = try r.object(value, at: "", "holding the studio's configuration")
        try r.checkKeys(
            root, at: "",
            required: [
                "kind": "\"\(Self.expectedKind(file: r.file) ?? StudioKinds.audience)\" (the studio kind)",
                "title": "\"1v1 PK\" (what the studio's badge says)",
                "widgets": "[ { \"widget\": \"cover\" }, ... ] (the widgets the studio shows)",
            ], optional: ["auditExceptions", "conceal", "docker", "feed", "gestures", "rooms"])

        let (kind, type) = try checkKind(root["kind"]!, reader: r)
        let title = try r.string(root["title"]!, at: "title", "(what the studio's badge says)")
        guard !title.isEmpty, title.count <= 24 else {
            throw r.error("title", "must be 1 to 24 characters to fit the badge (got \(title.count))")
        }
        let gestures = try root["gestures"].map { v throws(ConfigError) in try checkGestures(v, reader: r) } ?? GestureMapping()
        let conceal = try root["conceal"].map { v throws(ConfigError) in try checkConceal(v, reader: r) } ?? []
        let docker = try root["docker"].map { v throws(ConfigError) in try checkDocker(v, reader: r) } ?? BottomBarButton.standard
        let feed = try checkFeed(root["feed"], type: type, reader: r)
        let widgets = try checkWidgets(root["widgets"]!, reader: r)

        let names = Set(widgets.map(\.name))
        let missing = type.requiredWidgets.filter { !names.contains($0) }
        if let first = missing.first {
            throw r.error(
                "widgets",
                "\(Self.article(kind)) \(kind) studio needs the widget\(missing.count == 1 ? "" : "s") "
                    + "\(missing.map { "'\($0)'" }.joined(separator: ", ")); add { \"widget\": \"\(first)\" }"
                    + (missing.count == 1 ? "" : " and the others"))
        }
        let levels = Set(widgets.map(\.level))
        if let stray = conceal.filter({ !levels.contains($0) }).sorted().first {
            // Every widget of a studio comes from its configuration: a level no widget has is a typo.
            throw r.error(
                "conceal",
                "conceals level \(Self.format(stray)), but no widget is at that level; the widgets' "
                    + "levels are \(levels.sorted().map(Self.format).joined(separator: ", "))")
        }
        for entry in widgets where type.requiredWidgets.contains(entry.name) && conceal.contains(entry.level) {
            throw r.error(
                "conceal",
                "conceals level \(Self.format(entry.level)), the level of '\(entry.name)', which "
                    + "\(Self.article(kind)) \(kind) studio needs; remove \(Self.format(entry.level)) from conceal")
        }
        if root["docker"] != nil, !names.contains(BottomBarWidget.catalogName) {
            throw r.error(
                "docker",
                "lists docker buttons but widgets has no docker; add { \"widget\": \"docker\" } "
                    + "or remove this key")
        }
        var config = StudioConfig(
            file: r.file, kind: kind, title: title, gestures: gestures, conceal: conceal,
            docker: docker, feed: feed, widgets: widgets)
        config.auditExceptions =
            try root["auditExceptions"].map { v throws(ConfigError) in
                try checkAuditExceptions(v, reader: r)
            } ?? []
        config.rooms = try root["rooms"].map { v throws(ConfigError) in try checkRooms(v, widgets: widgets, reader: r) } ?? [:]
        return config
    }

    private func checkKind(
        _ value: JSONValue, reader r: StudioConfigReader
    ) throws(ConfigError)
        -> (RoomKind, StudioKindRegistration)
    {
        let kind = RoomKind(try r.string(value, at: "kind", "naming the studio kind"))
        guard let type = types.registration(for: kind) else {
            throw r.error(
                "kind",
                "unknown studio kind '\(kind)'; valid: \(types.kinds.joined(separator: ", ")); "
                    + "a kind from another package must be registered in the catalog the app runs with")
        }
        if let expected = Self.expectedKind(file: r.file), expected != kind {
            throw r.error(
                "kind",
                "is '\(kind)' but the file is named \(expected).json; a configuration is named after "
                    + "its kind: set \"kind\": \"\(expected)\" or rename the file to \(kind).json")
        }
        return (kind, type)
    }

    private func checkGestures(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> GestureMapping {
        let object = try r.object(value, at: "gestures", "mapping each swipe axis to an action")
        try r.checkKeys(object, at: "gestures", required: [:], optional: ["horizontal", "vertical"])
        let valid = SwipeAction.allCases.map(\.rawValue)
        func action(_ axis: String, _ fallback: SwipeAction) throws(ConfigError) -> SwipeAction {
            guard let v = object[axis] else { return fallback }
            let name = try r.string(v, at: "gestures.\(axis)", "naming an action")
            guard let action = SwipeAction(rawValue: name) else {
                throw r.error("gestures.\(axis)", "unknown action '\(name)'; valid: \(valid.joined(separator: ", "))")
            }
            return action
        }
        let defaults = GestureMapping()
        let mapping = GestureMapping(
            vertical: try action("vertical", defaults.vertical),
            horizontal: try action("horizontal", defaults.horizontal))
        if mapping.vertical == mapping.horizontal, mapping.vertical != .none {
            throw r.error(
                "gestures",
                "both axes do '\(mapping.vertical.rawValue)'; give each axis its own action "
                    + "or 'none' to one of them")
        }
        return mapping
    }

    private func checkConceal(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> Set<Double> {
        let items = try r.array(value, at: "conceal", "of levels to hide")
        var levels: Set<Double> = []
        for (i, item) in items.enumerated() {
            levels.insert(try checkLevel(item, at: "conceal[\(i)]", reader: r))
        }
        return levels
    }

    /// A level: a finite number >= 0 (its layer follows from it).
    func checkLevel(_ value: JSONValue, at path: String, reader r: StudioConfigReader) throws(ConfigError) -> Double {
        let level = try r.number(value, at: path, "(a level)")
        if let problem = LayerKind.problem(level: level) { throw r.error(path, problem) }
        return level
    }

    private func checkDocker(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> [BottomBarButton] {
        let items = try r.array(value, at: "docker", "of button names")
        let valid = BottomBarButton.allCases.map(\.rawValue)
        var buttons: [BottomBarButton] = []
        for (i, item) in items.enumerated() {
            let name = try r.string(item, at: "docker[\(i)]", "naming a button")
            guard let button = BottomBarButton(rawValue: name) else {
                throw r.error("docker[\(i)]", "unknown docker button '\(name)'; valid: \(valid.joined(separator: ", "))")
            }
            guard !buttons.contains(button) else {
                throw r.error("docker[\(i)]", "'\(name)' is listed twice; list each button once")
            }
            buttons.append(button)
        }
        return buttons
    }

    private func checkFeed(_ value: JSONValue?, type: StudioKindRegistration, reader r: StudioConfigReader) throws(ConfigError) -> FeedRates
    {
        var rates = type.defaultFeed
        if let value {
            let object = try r.object(value, at: "feed", "with the feed's rates per second")
            do {
                rates = try FeedRates.parse(object, file: r.file, keyPath: "feed", defaults: type.defaultFeed)
            } catch let error as ConfigError {
                throw r.located(error)
            } catch {
                throw r.error("feed", "\(error)")
            }
        }
        if rates.keepAlive != type.hasKeepAlive {
            throw r.error(
                "feed.keepAlive",
                type.hasKeepAlive
                    ? "\(Self.article(type.kind)) \(type.kind) studio is live and keeps its connection alive; set it to true or remove it"
                    : "\(Self.article(type.kind)) \(type.kind) studio replays a recording and has no keep-alive connection; set it to false or remove it"
            )
        }
        return rates
    }

    /// "a" or "an" before a kind's name.
    static func article(_ kind: RoomKind) -> String {
        kind.rawValue.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    static func format(_ level: Double) -> String { level.compact }
}
