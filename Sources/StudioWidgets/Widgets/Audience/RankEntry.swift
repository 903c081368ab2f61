import StudioDomain
import StudioKit

/// One row of the hourly rank list: a host and the coins their room received this hour.
package struct RankEntry: Hashable, Sendable {
    package var name: String
    package var coins: Int
    /// True for this room's host.
    package var isHost: Bool

    package init(name: String, coins: Int, isHost: Bool = false) {
        self.name = name
        self.coins = coins
        self.isHost = isHost
    }
}
