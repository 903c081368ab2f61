/// A service a widget cannot work without, named so that a room that lacks it can say so:
/// a widget lists these (`Widget.requiredServices`), and adding it to a room that provides
/// none of one throws `MissingRoomServiceError` rather than leaving the widget to find nil.
public struct RoomServiceKey: Sendable, CustomStringConvertible {
    /// The service protocol's name ("LiveSessionService").
    public let name: String
    private let lookUp: @Sendable (any StudioHost) -> Bool
    private let conforms: @Sendable (AnyObject) -> Bool

    public init<Service>(_ type: Service.Type) {
        let described = String(describing: type)
        name = described.hasPrefix("any ") ? String(described.dropFirst(4)) : described
        lookUp = { $0.service(Service.self) != nil }
        conforms = { $0 is Service }
    }

    /// Whether `host` provides the service.
    package func isProvided(by host: any StudioHost) -> Bool { lookUp(host) }

    /// Whether `provider` (a part a studio is composed of) implements the service.
    package func isImplemented(by provider: AnyObject) -> Bool { conforms(provider) }

    public var description: String { name }
}

/// A widget was added to a room that does not provide a service it needs.
public struct MissingRoomServiceError: Error, Sendable, CustomStringConvertible {
    /// The widget's name and type.
    public let widget: String
    package let widgetType: String
    public let service: RoomServiceKey
    /// The room's kind.
    public let kind: RoomKind
    /// The kinds whose rooms do provide the service, when the caller knows them (the studio
    /// factory fills them in from the registered kinds).
    package var providingKinds: [RoomKind]

    public init(widget: String, widgetType: String, service: RoomServiceKey, kind: RoomKind, providingKinds: [RoomKind] = []) {
        self.widget = widget
        self.widgetType = widgetType
        self.service = service
        self.kind = kind
        self.providingKinds = providingKinds
    }

    public var description: String {
        let fix =
            providingKinds.isEmpty
            ? "no registered kind provides it; add a part that does to the kind, or remove the widget"
            : "kinds that provide it: \(providingKinds.map(\.rawValue).joined(separator: ", ")); "
                + "use one of them, add a part that provides it to '\(kind)', or remove the widget"
        return "widget '\(widget)' (\(widgetType)) needs \(service), which rooms of kind '\(kind)' do not provide; \(fix)"
    }
}

/// A room was made with a part that needs a service neither the room nor its other parts
/// provide.
public struct MissingPartServiceError: Error, Sendable, CustomStringConvertible {
    /// The part's type.
    public let part: String
    public let service: RoomServiceKey
    /// The room's kind.
    public let kind: RoomKind

    public init(part: String, service: RoomServiceKey, kind: RoomKind) {
        self.part = part
        self.service = service
        self.kind = kind
    }

    public var description: String {
        "part \(part) of the '\(kind)' room needs \(service), which neither the room nor its other parts provide; "
            + "add a part that provides it to the kind's parts (StudioKind.makeParts()), or remove \(part)"
    }
}
