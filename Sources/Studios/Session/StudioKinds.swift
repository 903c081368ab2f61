/// The ten studio kinds, by the names schemes and configurations use.
public enum StudioKinds {
    public static let host = "host"
    public static let audience = "audience"
    public static let shopping = "shopping"
    public static let hostsLoop = "hostsLoop"
    public static let pk = "pk"
    public static let financial = "financial"
    public static let coStream = "coStream"
    public static let playback = "playback"
    public static let quiz = "quiz"
    public static let claw = "claw"

    /// All ten, in one fixed order.
    public static let all = [host, audience, shopping, hostsLoop, pk, financial, coStream, playback, quiz, claw]
}
