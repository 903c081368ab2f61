import StudioKit

/// The audience kind, a single host's live room for viewers: the basic studio as configured,
/// with no behaviour of its own beyond the shared widgets (the other kinds add theirs).
public final class SingleHostStudio: ConfiguredStudio, StudioKind {
    public static let kind = StudioKinds.audience
    public static let requiredWidgets = ["video", "hostInfo"]

    /// A single-host studio with the built-in configuration (`StudioConfig.builtInAudience`),
    /// for code that does not load `Assets/studios/audience.json`.
    public convenience init(room: RoomInfo, environment: StudioEnvironment) {
        // Cannot throw: the built-in configuration names shared widgets at their standard
        // levels with no options (`StudioTypesTests` builds it to pin this).
        try! self.init(config: .builtInAudience, room: room, environment: environment)
    }
}
