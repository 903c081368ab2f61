import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// A configured room: the one studio class every kind shows, built from a `StudioConfig`
/// and composed of components. The configuration decides which widgets show and at which
/// levels (each lands in the layer its level names), the bottom bar's buttons, what the swipes
/// do and the concealing list. The room's duties are components
/// (`RoomComponent`): the live session, the orientation, the hearts, its messages and its
/// badge, then whatever its kind adds (`StudioKind`). A kind with no behaviour of its own is
/// its configuration alone. Widgets are found again by name (`widget(named:)`) or type.
public final class ConfiguredStudio: LayeredStudio {
    /// The configuration the studio was built from.
    public let config: StudioConfig
    public let liveSession: LiveSession
    public let orientation: RoomOrientation
    public let hearts: RoomHearts
    public let messages: RoomMessages
    public let badge: RoomBadge
    /// Every component, the room's own first, then the kind's, in the order their hooks run.
    public let components: [RoomComponent]

    /// Builds the configured widgets (new ones, through `catalog`) into their layers and
    /// applies the configuration's gestures and concealing list. The widgets load with the
    /// studio (`load()`).
    /// - Parameters:
    ///   - components: what the kind adds (`StudioKind.makeComponents()`).
    ///   - opensLive: false for a room that opens in a preview (the host's own).
    /// - Throws: `ConfigError` when a widget cannot be built from its entry (a name the
    ///   catalog lacks, options it refuses), `StudioError` for an invalid level,
    ///   `MissingRoomServiceError` for a widget that needs a service no component provides.
    public init(
        config: StudioConfig, room: RoomInfo, environment: StudioEnvironment,
        catalog: WidgetCatalog = .standard(), components kindComponents: [RoomComponent] = [],
        opensLive: Bool = true, gestureConfig: GestureConfig? = nil
    ) throws {
        self.config = config
        let widgets = try config.makeWidgets(catalog: catalog, room: room.id)
        liveSession = LiveSession(opensLive: opensLive)
        orientation = RoomOrientation()
        hearts = RoomHearts()
        messages = RoomMessages()
        badge = RoomBadge()
        components = [liveSession, orientation, hearts, messages, badge] + kindComponents
        super.init(room: room, environment: environment, gestureConfig: gestureConfig)
        for component in components { component.join(self) }
        gestureMapping = config.gestures
        conceal(levels: config.conceal)
        for widget in widgets {
            if let widget = widget as? StudioBadgeWidget { badge.show(on: widget) }
            try add(widget)
        }
    }

    /// The first component of type `C`, if the room has one (a kind's: `PKRounds`).
    /// - Complexity: O(components).
    public func component<C: RoomComponent>(_ type: C.Type) -> C? {
        components.lazy.compactMap { $0 as? C }.first
    }

    /// The room's services are its own and its components' (`LiveSessionService` is the
    /// live session's).
    public override func service<Service>(_ type: Service.Type) -> Service? {
        super.service(type) ?? components.lazy.compactMap { $0 as? Service }.first
    }

    /// What the studio's badge says.
    public var title: String { config.title }

    /// Whether the room keeps a connection to the server alive (live rooms do; a playback
    /// does not): the feed sends this studio nothing when false.
    package var keepsAlive: Bool { config.feed.keepAlive }

    public override func studioDidLoad() {
        for component in components {
            component.roomDidLoad()
            LegacyHooks.current.studioDidLoad(component)
        }
    }

    public override var output: StudioOutput {
        var out = super.output
        for component in components { component.contribute(to: &out) }
        return out
    }

    /// A server note reaches the widgets only when every component admits it.
    public override func admitsFeed(_ name: EventName) -> Bool {
        components.allSatisfy { $0.admitsFeed(name) }
    }

    /// The components' step before the widgets', and after.
    public override func update(_ step: FrameStep) {
        for component in components { component.willUpdate(step) }
        super.update(step)
        for component in components { component.didUpdate(step) }
    }

    // MARK: Finding widgets

    /// The widget the configuration named `name` (its catalog name), if the studio has it.
    /// - Complexity: O(widgets).
    public func widget(named name: String) -> Widget? {
        for kind in LayerKind.allCases {
            if let hit = layer(kind).children.first(where: { $0.name == name }) { return hit }
        }
        return nil
    }

    /// The first widget of type `W`, if any.
    /// - Complexity: O(widgets).
    public func widget<W: Widget>(_ type: W.Type) -> W? {
        for kind in LayerKind.allCases {
            if let hit = layer(kind).children.first(where: { $0 is W }) as? W { return hit }
        }
        return nil
    }
}

extension ConfiguredStudio {
    /// An audience room with the built-in configuration (`StudioConfig.builtInAudience`),
    /// for code that does not load `Assets/studios/audience.json`.
    public convenience init(builtInAudience room: RoomInfo, environment: StudioEnvironment) {
        // Cannot throw: the built-in configuration names shared widgets at their standard
        // levels with no options (`StudioTypesTests` builds it to pin this).
        try! self.init(config: .builtInAudience, room: room, environment: environment)
    }
}

extension ConfiguredStudio: WidgetLookupService, KindTitleService {
    public var kindTitle: String { title }
}
