import StudioKit

/// The ten studio kinds, by the names schemes and configurations use.
public enum StudioKinds {
    public static let host: RoomKind = "host"
    public static let audience: RoomKind = "audience"
    package static let shopping: RoomKind = "shopping"
    package static let hostsLoop: RoomKind = "hostsLoop"
    public static let pk: RoomKind = "pk"
    public static let financial: RoomKind = "financial"
    package static let coStream: RoomKind = "coStream"
    public static let playback: RoomKind = "playback"
    public static let quiz: RoomKind = "quiz"
    package static let claw: RoomKind = "claw"

    /// All ten, in one fixed order.
    public static let all = [host, audience, shopping, hostsLoop, pk, financial, coStream, playback, quiz, claw]
}
