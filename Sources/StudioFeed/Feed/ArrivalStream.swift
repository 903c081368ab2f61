import Foundation
import StudioDomain
import StudioKit

/// One Poisson stream of arrivals (comments, enters...): exponential gaps of mean `1/rate`
/// drawn from its own generator, so changing one stream's rate, or how much content it
/// draws, never shifts what another stream produces.
struct ArrivalStream: Sendable {
    private(set) var rate: Double
    /// The time of the next arrival; infinity when the rate is 0.
    private(set) var next: Double
    /// Also used for the content of each arrival: draws happen only when the stream fires,
    /// in time order, so the sequence does not depend on how time is chunked.
    var random: SeededRandom

    init(rate: Double, seed: UInt64, start: Double) {
        self.rate = rate
        random = SeededRandom(seed: seed)
        next = .infinity
        schedule(after: start)
    }

    /// Consumes the arrival at `next` and schedules the one after it.
    mutating func fire() { schedule(after: next) }

    /// A new rate from `time` on. The process is memoryless, so redrawing the next gap from
    /// `time` is exact, not an approximation.
    mutating func setRate(_ newRate: Double, at time: Double) {
        rate = newRate
        schedule(after: time)
    }

    private mutating func schedule(after time: Double) {
        guard rate > 0 else {
            next = .infinity
            return
        }
        // Inverse transform: 1 - u is in (0, 1], so the log is finite.
        next = time - log(1 - random.unit()) / rate
    }
}
