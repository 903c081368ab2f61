/// A small, fast, seedable generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes runs and golden images repeatable. Never seeded from
/// the system: the seed is an input of every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A double in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An independent generator derived from this one (for a subsystem that must not shift
    /// the sequence others see when it draws more or fewer numbers).
    public mutating func fork() -> SeededRandom { SeededRandom(seed: next()) }
}
