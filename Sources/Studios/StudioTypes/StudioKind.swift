import StudioKit

/// A studio type for one studio kind: a small `ConfiguredStudio`
/// subclass that keeps the shared widgets, hides what it does not need through its
/// configuration's concealing list, and adds the behaviour that coordinates its own widgets.
/// `StudioTypes` maps kinds to these types; `StudioConfigLoader` checks each configuration
/// against its type.
public protocol StudioKind: ConfiguredStudio {
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
}

extension StudioKind {
    public static var defaultFeed: FeedRates { .live }
    public static var hasKeepAlive: Bool { true }
}
