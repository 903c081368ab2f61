import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// How a studio kind is registered: its name, the parts its rooms add, what its
/// configuration must hold, and where that configuration is when it is not in the assets
/// folder (a kind from another package ships its own `<kind>.json`).
public struct StudioKindRegistration: Sendable {
    public let kind: RoomKind
    /// Makes the parts a room of the kind adds to the room's own (a `StudioKind`'s); none
    /// for a kind that is only its configuration.
    public let makeParts: @Sendable () -> [any RoomPart]
    /// Catalog names a configuration of the kind must list (and may not conceal).
    public let requiredWidgets: [String]
    public let defaultFeed: FeedRates
    public let hasKeepAlive: Bool
    /// False for a kind whose rooms open in a preview.
    public let opensLive: Bool
    /// The kind's `<kind>.json`, read when the assets folder holds no file of that name (so
    /// an assets folder can still override a package's configuration).
    public let configuration: URL?
    /// The module that registered the kind, for errors about it.
    public let module: String

    /// A kind with behaviour: `type` says its kind, required widgets and feed, and makes its
    /// parts.
    public init<Kind: StudioKind>(_ type: Kind.Type, configuration: URL? = nil, fileID: String = #fileID) {
        kind = type.kind
        makeParts = { Kind.makeParts() }
        requiredWidgets = type.requiredWidgets
        defaultFeed = type.defaultFeed
        hasKeepAlive = type.hasKeepAlive
        opensLive = type.opensLive
        self.configuration = configuration
        module = Registry.module(ofFileID: fileID)
    }

    /// A kind that is only its configuration: the room shows it as configured, with the
    /// parts every room has. `configuration` nil reads it from the assets folder.
    public init(
        kind: RoomKind, configuration: URL?, requiredWidgets: [String] = [], feed: FeedRates = .live,
        fileID: String = #fileID
    ) {
        self.kind = kind
        makeParts = { [] }
        self.requiredWidgets = requiredWidgets
        defaultFeed = feed
        hasKeepAlive = feed.keepAlive
        opensLive = true
        self.configuration = configuration
        module = Registry.module(ofFileID: fileID)
    }

    /// Whether a room of the kind provides `service` beyond what every room provides.
    func adds(_ service: RoomServiceKey) -> Bool {
        makeParts().contains { service.isImplemented(by: $0) }
    }
}

/// The registry of studio kinds: kind → how it is shown. Only the standard kinds are built
/// in; another package registers its own and adds them (`+`).
public struct StudioTypes: Sendable {
    private var entries: [RoomKind: StudioKindRegistration] = [:]
    /// Kinds registered more than once, by every module that registered them; `Catalog`
    /// refuses to run with any.
    package private(set) var conflicts: [RegistrationConflict] = []

    public init(_ registrations: [StudioKindRegistration]) {
        for r in registrations { add(r) }
    }

    /// Kinds with behaviour whose configurations are in the assets folder.
    public init(_ types: [any StudioKind.Type], fileID: String = #fileID) {
        self.init(types.map { StudioKindRegistration($0, fileID: fileID) })
    }

    private mutating func add(_ r: StudioKindRegistration) {
        if let first = entries[r.kind] {
            conflicts.append(
                RegistrationConflict(
                    what: "studio kind", name: r.kind.rawValue, modules: [first.module, r.module],
                    fix: "register the kind once, or give one of them another `kind`"))
            return
        }
        entries[r.kind] = r
    }

    /// Both registries; a kind both register is a conflict.
    public static func + (lhs: StudioTypes, rhs: StudioTypes) -> StudioTypes {
        var sum = lhs
        sum.conflicts += rhs.conflicts
        for kind in rhs.kinds { sum.add(rhs.entries[kind]!) }
        return sum
    }

    /// The ten standard kinds. The audience kind has no behaviour of its own: it is the
    /// room as configured.
    public static var standard: StudioTypes {
        StudioTypes(
            ([
                HostRoom.self, ShoppingRoom.self, HostsLoopRoom.self, PKRoom.self, FinancialRoom.self,
                CoStreamRoom.self, PlaybackRoom.self, QuizRoom.self, ClawMachineRoom.self,
            ] as [any StudioKind.Type]).map { StudioKindRegistration($0) }
                + [StudioKindRegistration(kind: StudioKinds.audience, configuration: nil, requiredWidgets: ["video", "hostInfo"])]
        )
    }

    /// Known kinds, sorted (for error messages).
    public var kinds: [RoomKind] { entries.keys.sorted() }

    /// The kinds whose parts provide `service` (a service every room provides is
    /// never missing, so it is not counted here), sorted.
    public func kinds(providing service: RoomServiceKey) -> [RoomKind] {
        kinds.filter { entries[$0]!.adds(service) }
    }

    public func registration(for kind: RoomKind) -> StudioKindRegistration? { entries[kind] }

    /// The widgets a configuration of `kind` must list; empty for an unknown kind.
    public func requiredWidgets(for kind: RoomKind) -> [String] { entries[kind]?.requiredWidgets ?? [] }
}

/// A studio kind no registered type shows.
public struct UnknownStudioKindError: Error, Hashable, Sendable, CustomStringConvertible {
    public let kind: RoomKind
    package let validKinds: [RoomKind]

    public var description: String {
        "unknown studio kind '\(kind)'; valid: \(validKinds.joined(separator: ", "))"
    }
}

/// A kind a registered type shows, whose configuration file was not among those loaded: the
/// kind is right, the file is what is missing.
package struct MissingStudioConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    package let kind: RoomKind
    package let loadedKinds: [RoomKind]

    package var description: String {
        "studio kind '\(kind)' has no configuration: studios/\(kind).json is missing from the assets folder; "
            + "restore it (in a checkout: git checkout Assets/studios/\(kind).json) or choose a kind that loaded: "
            + loadedKinds.joined(separator: ", ")
    }
}
