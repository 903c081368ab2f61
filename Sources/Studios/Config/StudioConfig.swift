import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// One studio kind's configuration (`Assets/studios/<kind>.json`), checked whole by
/// `StudioConfigLoader`: which widgets the studio shows and at which levels, the bottom bar's
/// buttons, what the swipes do, which levels are concealed, and how lively the simulated
/// feed is. A plain value: studios read it, they never change it.
///
/// ```json
/// {
///   "kind": "pk",
///   "title": "1v1 PK",
///   "gestures": { "vertical": "switchRoom", "horizontal": "toggleLite" },
///   "conceal": [320],
///   "docker": ["comment", "share", "gift", "like"],
///   "feed": { "preset": "pk", "comments": 3 },
///   "widgets": [ { "widget": "cover" }, { "widget": "pkBar", "level": 235, "options": { ... } } ]
/// }
/// ```
public struct StudioConfig: Hashable, Sendable {
    /// One entry of `widgets`: a catalog widget at a level, with its options.
    public struct WidgetEntry: Hashable, Sendable {
        /// The catalog name (`"pkBar"`).
        public var name: String
        /// The widget's name in the tree, the inspector, the audit and its exceptions: the
        /// entry's `id`, else the catalog name. Unique in a configuration.
        public var id: String
        public var level: Double
        /// The entry's `options` object, as written (checked by the widget's `make` at load).
        public var options: [String: JSONValue]
        /// Where the entry is in its file (`widgets[3]`), for errors when it is built.
        package var keyPath: String
        /// The entry's `keepOut`: whether the danmaku must leave the widget uncovered
        /// (`Widget.keepsOverlaysOut`); nil leaves the widget's own default.
        public var keepOut: Bool?

        public init(name: String, id: String? = nil, level: Double, options: [String: JSONValue] = [:], keyPath: String = "") {
            self.name = name
            self.id = id ?? name
            self.level = level
            self.options = options
            self.keyPath = keyPath
        }
    }

    /// The file it was read from (or "<built-in>"), for errors.
    public var file: String
    /// The studio kind (`StudioKinds`), also the file's name.
    public var kind: RoomKind
    /// What the studio's badge says ("1v1 PK").
    public var title: String
    public var gestures: GestureMapping
    /// Levels the studio conceals: widgets at them stay in the tree but neither draw,
    /// update nor take touches.
    public var conceal: Set<Double>
    /// The bottom bar's controls, left to right.
    public var docker: [BottomBarButton]
    /// The simulated server feed's rates and whether the room keeps a connection alive.
    public var feed: FeedRates
    /// The widgets, in the file's order (their levels, not this order, place them).
    public var widgets: [WidgetEntry]
    /// Layering-audit findings this studio accepts on purpose, each with its reason
    /// (`studio audit`; key `auditExceptions`).
    public var auditExceptions: [AuditException] = []
    /// What single rooms of the kind do differently (key `rooms`): by room id, by widget
    /// id, options that replace the entry's own in that room (a room's own video file).
    public var rooms: [Int: [String: [String: JSONValue]]] = [:]

    public init(
        file: String = "<built-in>", kind: RoomKind, title: String, gestures: GestureMapping = GestureMapping(),
        conceal: Set<Double> = [], docker: [BottomBarButton] = BottomBarButton.standard,
        feed: FeedRates = .live, widgets: [WidgetEntry]
    ) {
        self.file = file
        self.kind = kind
        self.title = title
        self.gestures = gestures
        self.conceal = conceal
        self.docker = docker
        self.feed = feed
        self.widgets = widgets
    }

    /// The entry naming catalog widget `name`, if any.
    package func entry(named name: String) -> WidgetEntry? { widgets.first { $0.name == name } }

    /// Builds new widgets for every entry, through the catalog, at the configured levels,
    /// with room `room`'s options over the entries' own (`rooms`).
    /// - Throws: `ConfigError` for a name the catalog does not know or options the
    ///   widget refuses (a loaded configuration was checked this way already).
    package func makeWidgets(catalog: WidgetCatalog, room: Int? = nil) throws -> [Widget] {
        try widgets.map { try makeWidget($0, catalog: catalog, room: room) }
    }

    /// The widget of `entry`, built as `makeWidgets` builds it, with the options of `room`
    /// and then `overrides` over the entry's own (DevTools edits a running widget so).
    /// - Throws: `ConfigError` naming this file and the option's key path, as when loading.
    package func makeWidget(
        _ entry: WidgetEntry, catalog: WidgetCatalog, room: Int? = nil, overrides: [String: JSONValue] = [:]
    ) throws -> Widget {
        guard let type = catalog.type(named: entry.name) else {
            throw ConfigError(
                file: file, keyPath: "\(entry.keyPath).widget",
                reason: "unknown widget '\(entry.name)'; known: \(catalog.names.joined(separator: ", ")); "
                    + "a widget from another package must be registered in the catalog the app runs with")
        }
        let options = WidgetOptions(
            file: file, keyPath: "\(entry.keyPath).options",
            values: self.options(of: entry, room: room).merging(overrides) { _, new in new },
            id: entry.id)
        let widget = try type.make(level: entry.level, options: options)
        // Again, in case a widget's make forgot: a typo in an option is an error, never ignored.
        try options.finish()
        if let keepOut = entry.keepOut { widget.keepsOverlaysOut = keepOut }
        // The bottom bar's buttons are listed at the top level, so that a room's buttons are
        // in one place.
        if let docker = widget as? BottomBarWidget { docker.buttons = self.docker }
        return widget
    }

    /// The options `entry` is built with in `room`: the room's own over the entry's.
    public func options(of entry: WidgetEntry, room: Int? = nil) -> [String: JSONValue] {
        let roomOptions = room.flatMap { rooms[$0] } ?? [:]
        return roomOptions[entry.id].map { entry.options.merging($0) { _, room in room } } ?? entry.options
    }
}

extension StudioConfig {
    /// The audience studio as it was before configuration files: the shared widgets and the
    /// activity badge at their default levels (no studio badge). For code and tests that
    /// build an audience room without loading `Assets/studios/audience.json`.
    package static let builtInAudience = StudioConfig(
        kind: StudioKinds.audience, title: "Live",
        widgets: [
            ("cover", Levels.cover), ("video", Levels.video), ("hostInfo", Levels.hostInfo),
            ("activityIcon", Levels.activityIcon), ("commentList", Levels.commentList), ("docker", Levels.bottomBar),
            ("liteSwitch", Levels.liteSwitch), ("rotateButton", Levels.rotateButton),
            ("closeButton", Levels.closeButton), ("hearts", Levels.hearts), ("toast", Levels.toast),
        ].enumerated().map { i, entry in WidgetEntry(name: entry.0, level: entry.1, keyPath: "widgets[\(i)]") })
}
