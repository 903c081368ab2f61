import StudioDomain
import StudioKit

extension SeededRandom {
    /// Roughly standard-normal: the sum of four uniforms, rescaled (mean 0, variance 1).
    /// Enough for a price's random walk, and the same on every machine.
    mutating func roughlyNormal() -> Double {
        (unit() + unit() + unit() + unit() - 2) * 3.0.squareRoot()
    }

    /// An index into `weights` (all >= 0, not all 0), each chosen in proportion to its weight.
    mutating func index(weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var x = unit() * total
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.count - 1
    }

    /// A whole number in `range`, uniformly.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + index(below: range.count)
    }
}
