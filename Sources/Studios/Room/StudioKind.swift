import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The part a studio kind with behaviour of its own adds to its rooms: it keeps the kind's
/// state and coordinates the kind's widgets (the PK kind counts rounds and names the
/// winner). The room stays a `Room`: a kind composes, it does not subclass.
/// `StudioTypes` maps kinds to these types; `StudioConfigLoader` checks each configuration
/// against its type.
public protocol StudioKind: RoomPart, SendableMetatype {
    /// The kind this type shows (`StudioKinds`); a configuration of this kind is in
    /// `Assets/studios/<kind>.json`.
    static var kind: RoomKind { get }
    /// Catalog names of the widgets this type's behaviour works with: a configuration of
    /// the kind must list each (and may not conceal it).
    static var requiredWidgets: [String] { get }
    /// The feed a configuration of this kind starts from; its `feed` block overrides keys.
    static var defaultFeed: FeedRates { get }
    /// False for kinds without a keep-alive connection (playback): the configuration's
    /// `feed.keepAlive` must then be false.
    static var hasKeepAlive: Bool { get }
    /// False for a kind whose rooms open in a preview rather than live (the host's studio).
    static var opensLive: Bool { get }
    /// The parts the kind adds to each of its rooms; by default, one of this type.
    static func makeParts() -> [any RoomPart]
    init()
}

extension StudioKind {
    public static var defaultFeed: FeedRates { .live }
    public static var hasKeepAlive: Bool { true }
    public static var opensLive: Bool { true }
    public static func makeParts() -> [any RoomPart] { [Self()] }
}
