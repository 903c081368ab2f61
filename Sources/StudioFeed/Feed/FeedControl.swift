import StudioDomain
import StudioKit

/// Everything a feed can be told: the driver's controls and the feed's own. The real-time
/// feed queues them and its thread applies them in order; the lockstep feed applies them
/// at once. Either way `FeedCore.apply` is the one place they take effect.
package enum FeedControl: Hashable, Sendable {
    case driver(DriverControl)
    /// The connection drops now (as if the network went away).
    case disconnect
    /// The next `count` reconnect attempts fail.
    case failNextReconnects(Int)
    /// Every room's feed uses these rates from now on (rooms entered later too).
    case setRates(FeedRates)
}
