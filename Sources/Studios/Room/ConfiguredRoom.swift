import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

extension Room {
    /// A room built from a configuration: its widgets (new ones, through `catalog`) in the
    /// layers their levels name, the bottom bar's buttons, what the swipes do and the
    /// concealing list. Its parts are the configuration itself (`RoomConfiguration`), the
    /// live session, the orientation, the hearts, its messages and its badge, then whatever
    /// its kind adds (`StudioKind.makeParts()`). A kind with no behaviour of its own is its
    /// configuration alone. The widgets load with the room (`load()`).
    /// - Parameters:
    ///   - parts: what the kind adds.
    ///   - opensLive: false for a room that opens in a preview (the host's own).
    /// - Throws: `ConfigError` when a widget cannot be built from its entry (a name the
    ///   catalog lacks, options it refuses), `StudioError` for an invalid level,
    ///   `MissingRoomServiceError` for a widget that needs a service no part provides,
    ///   `MissingPartServiceError` for a part that does.
    public convenience init(
        config: StudioConfig, room: RoomInfo, environment: StudioEnvironment,
        catalog: WidgetCatalog = .standard(), parts kindParts: [any RoomPart] = [],
        opensLive: Bool = true, gestureConfig: GestureConfig? = nil
    ) throws {
        let widgets = try config.makeWidgets(catalog: catalog, room: room.id)
        let badge = RoomBadge()
        let own: [any RoomPart] = [
            RoomConfiguration(config), LiveSession(opensLive: opensLive), RoomOrientation(), RoomHearts(),
            RoomMessages(), badge,
        ]
        self.init(room: room, environment: environment, gestureConfig: gestureConfig, parts: own + kindParts)
        try checkParts(kind: config.kind)
        gestureMapping = config.gestures
        conceal(levels: config.conceal)
        for widget in widgets {
            if let widget = widget as? StudioBadgeWidget { badge.show(on: widget) }
            try add(widget)
        }
    }

    /// An audience room with the built-in configuration (`StudioConfig.builtInAudience`),
    /// for code that does not load `Assets/studios/audience.json`.
    public convenience init(builtInAudience room: RoomInfo, environment: StudioEnvironment) {
        // Cannot throw: the built-in configuration names shared widgets at their standard
        // levels with no options (`StudioTypesTests` builds it to pin this).
        try! self.init(config: .builtInAudience, room: room, environment: environment)
    }

    // The parts every configured room has, found by type. A part reaches them through their
    // services instead; these are for the room's owner and for tests. Each one stops on a
    // room that was not made from a configuration, which has none of them.

    /// The configuration the room was built from.
    public var config: StudioConfig { configuredPart(RoomConfiguration.self).config }
    public var liveSession: LiveSession { configuredPart(LiveSession.self) }
    public var orientation: RoomOrientation { configuredPart(RoomOrientation.self) }
    public var hearts: RoomHearts { configuredPart(RoomHearts.self) }
    public var messages: RoomMessages { configuredPart(RoomMessages.self) }
    public var badge: RoomBadge { configuredPart(RoomBadge.self) }

    /// What the room's badge says.
    public var title: String { config.title }

    private func configuredPart<P: RoomPart>(_ type: P.Type) -> P {
        guard let found = part(type) else {
            preconditionFailure("room \(room.id) (\(room.kind)) was not made from a configuration: it has no \(P.self)")
        }
        return found
    }
}

/// The configuration a room was built from, as one of its parts: what the kind is called
/// (`KindTitleService`), for the widgets that show it.
public final class RoomConfiguration: RoomPart, KindTitleService {
    public let link = RoomLink()
    public let config: StudioConfig

    public init(_ config: StudioConfig) { self.config = config }

    public var kindTitle: String { config.title }
}
