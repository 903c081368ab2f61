import StudioDomain
import StudioKit

/// How lively a room's simulated server feed is. Every rate is per second of simulated
/// time and is the mean of a Poisson process (exponential gaps), so messages arrive in
/// irregular clumps the way real chat does. A rate of 0 turns its stream off.
public struct FeedRates: Hashable, Sendable, Codable {
    /// Comments per second.
    public var comments: Double
    /// Gift sends per second, combo repeats included: a sender starts a burst of one or
    /// more sends of the same gift, so `gifts / meanBurstLength` bursts start per second.
    public var gifts: Double
    /// Likes per second; they arrive in batches (`.likesArrived` with a count) about twice a
    /// second, as a server batches them.
    public var likes: Double
    /// Audience members entering per second (`.audienceEntered`).
    public var enters: Double
    /// Audience members leaving per second (`.audienceLeft`).
    public var leaves: Double
    /// Changes of the host's rank in the hourly list per second.
    public var rankChanges: Double
    /// PK score updates per second; 0: the room has no PK battle.
    public var pkUpdates: Double
    /// Price ticks per second (the financial studio's ticker); 0: none.
    public var priceTicks: Double
    /// False for rooms without a keep-alive connection (playback of a past stream): the
    /// feed sends such a room nothing at all, whatever the rates say.
    public var keepAlive: Bool
    /// The online count the feed starts from; nil: the room's own `onlineCount`.
    public var initialOnline: Int?

    public init(
        comments: Double = 0, gifts: Double = 0, likes: Double = 0, enters: Double = 0,
        leaves: Double = 0, rankChanges: Double = 0, pkUpdates: Double = 0,
        priceTicks: Double = 0, keepAlive: Bool = true, initialOnline: Int? = nil
    ) {
        self.comments = comments
        self.gifts = gifts
        self.likes = likes
        self.enters = enters
        self.leaves = leaves
        self.rankChanges = rankChanges
        self.pkUpdates = pkUpdates
        self.priceTicks = priceTicks
        self.keepAlive = keepAlive
        self.initialOnline = initialOnline
    }

    /// A busy live room: a couple of comments a second, a gift every few seconds, steady likes.
    public static let live = FeedRates(
        comments: 2, gifts: 0.6, likes: 12, enters: 0.8, leaves: 0.5,
        rankChanges: 1.0 / 30)
    /// A live room in a PK battle: the live rates plus a score update a second.
    public static let pk = FeedRates(
        comments: 2.5, gifts: 1.2, likes: 15, enters: 0.8, leaves: 0.5,
        rankChanges: 1.0 / 20, pkUpdates: 1)
    /// The financial studio: a quieter chat and two price ticks a second.
    public static let financial = FeedRates(
        comments: 1, gifts: 0.2, likes: 4, enters: 0.5, leaves: 0.4,
        priceTicks: 2)
    /// A playback room: no keep-alive connection, so no messages at all.
    public static let playback = FeedRates(keepAlive: false)

    /// The named rates, by name (for configurations and the CLI).
    public static let presets: [String: FeedRates] = [
        "live": .live, "pk": .pk, "financial": .financial, "playback": .playback,
    ]

    /// The rates keyed by name, in a fixed order: the keys `parse` understands.
    var rateFields: [(key: String, value: Double)] {
        [
            ("comments", comments), ("gifts", gifts), ("likes", likes), ("enters", enters), ("leaves", leaves),
            ("rankChanges", rankChanges), ("pkUpdates", pkUpdates), ("priceTicks", priceTicks),
        ]
    }

    /// The highest rate accepted: far above anything a room shows (a flood is ~500/s) but
    /// low enough that a typo like 1e9 is caught rather than stalling the feed thread.
    public static let maximumRate = 10_000.0

    /// Throws a `ConfigError` for a negative, non-finite or absurdly high rate, or a
    /// negative online count: rates built in code get the same checks as parsed ones.
    package func validate(file: String = "<built-in>", keyPath: String = "feed") throws {
        for (key, value) in rateFields where !(value.isFinite && value >= 0 && value <= Self.maximumRate) {
            throw ConfigError(
                file: file, keyPath: Self.join(keyPath, key),
                reason: "must be a rate between 0 and \(Self.maximumRate) per second (got \(value))")
        }
        if let initialOnline, initialOnline < 0 {
            throw ConfigError(
                file: file, keyPath: Self.join(keyPath, "initialOnline"),
                reason: "must not be negative (got \(initialOnline))")
        }
    }

    static func join(_ keyPath: String, _ key: String) -> String { keyPath.isEmpty ? key : "\(keyPath).\(key)" }
}
