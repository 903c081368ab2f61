import Foundation
import StudioDomain
import StudioKit

/// How the simulated keep-alive connection behaves when it drops: exponential backoff
/// between reconnect attempts, how long an attempt takes, and how unreliable the network is.
package struct ConnectionPolicy: Hashable, Sendable, Codable {
    /// Seconds before the first reconnect attempt; each failure doubles the wait...
    package var firstRetry: Double
    /// ...up to this many seconds.
    package var maxRetry: Double
    /// Seconds a reconnect attempt takes (the banner shows "Connecting…" meanwhile).
    package var attemptDuration: Double
    /// Random drops per second of simulated time while connected (a Poisson rate:
    /// 0.01 is about one drop every 100 s); 0: the connection only drops when told to.
    package var drops: Double
    /// The chance, 0...1, that a reconnect attempt fails by itself.
    package var failureChance: Double

    package init(
        firstRetry: Double = 1, maxRetry: Double = 16, attemptDuration: Double = 0.5,
        drops: Double = 0, failureChance: Double = 0
    ) {
        self.firstRetry = firstRetry
        self.maxRetry = maxRetry
        self.attemptDuration = attemptDuration
        self.drops = drops
        self.failureChance = failureChance
    }

    /// The wait before attempt number `attempt` (1-based): 1, 2, 4, 8, 16, 16... seconds.
    package func retryDelay(attempt: Int) -> Double {
        // The exponent is capped so that a very long outage cannot overflow to infinity.
        let doublings = Double(min(max(attempt - 1, 0), 60))
        return min(firstRetry * pow(2, doublings), maxRetry)
    }
}
