import StudioDomain
import StudioKit

/// One row of the hourly rank list: a host and the coins their room received this hour.
public struct RankEntry: Hashable, Sendable {
    public var name: String
    public var coins: Int
    /// True for this room's host.
    public var isHost: Bool

    public init(name: String, coins: Int, isHost: Bool = false) {
        self.name = name
        self.coins = coins
        self.isHost = isHost
    }
}
