/// A small, fast, seedable generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes runs and golden images repeatable. Never seeded from
/// the system: the seed is an input of every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.finalize(state)
    }

    /// SplitMix64's step between states: 2^64 over the golden ratio.
    package static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A seed of its own for `id`, made from `base`: the SplitMix64 state `id` steps after
    /// `base`, moved by `offset`, and finalized, so that nearby ids and bases give seeds far
    /// apart. The one way seeds are derived (a room's from the session's, a feed's from the
    /// room's); `offset` keeps the derivations that share a base apart, and each caller's
    /// stays what its recordings and goldens were made with.
    package static func derive(_ base: UInt64, _ id: UInt64, offset: UInt64) -> UInt64 {
        finalize(base &+ id &* increment &+ offset)
    }

    /// SplitMix64's finalizer, which spreads every bit of `z` over the result: the one place
    /// its constants live, for the generator and for the hashes and derived seeds that mix
    /// values the same way.
    @inline(__always)
    package static func finalize(_ z: UInt64) -> UInt64 {
        var z = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen index in `0..<count` (`count` > 0). Written here rather than with
    /// `Int.random(in:using:)`, whose algorithm the standard library may change: the same
    /// seed must pick the same items on every toolchain.
    public mutating func index(below count: Int) -> Int {
        precondition(count > 0, "index(below:) needs a positive count")
        return Int(next() % UInt64(count))
    }

    /// A uniformly chosen element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[index(below: items.count)] }

    /// A double in 0..<1 with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A double in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An independent generator derived from this one (for a subsystem that must not shift
    /// the sequence others see when it draws more or fewer numbers).
    package mutating func fork() -> SeededRandom { SeededRandom(seed: next()) }
}
