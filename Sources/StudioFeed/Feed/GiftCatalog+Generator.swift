import StudioDomain
import StudioKit

/// The simulated server's tables for choosing gifts.
extension GiftCatalog {
    /// How often the generator picks each gift of `all`, in percent: mostly roses.
    static let weights: [Double] = [40, 20, 20, 8, 6, 4, 2]

    /// How many times in a row one sender sends a gift of `tier`: small gifts are combo'd,
    /// full-screen ones sent once.
    static func burstShape(_ tier: Gift.Tier) -> (single: Double, range: ClosedRange<Int>) {
        switch tier {
        case .small: (0.5, 2...12)
        case .medium: (0, 1...3)
        case .fullScreen: (1, 1...1)
        }
    }

    /// The expected number of sends in one burst over the generator's choice of gifts
    /// (3.54 with the tables above): turns a rate of sends into a rate of bursts.
    static var meanBurstLength: Double {
        var sum = 0.0
        for (gift, weight) in zip(all, weights) {
            let shape = burstShape(gift.tier)
            let mean = shape.single + (1 - shape.single) * Double(shape.range.lowerBound + shape.range.upperBound) / 2
            sum += weight * mean
        }
        return sum / weights.reduce(0, +)
    }
}
