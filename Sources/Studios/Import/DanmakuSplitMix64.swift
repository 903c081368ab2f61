/// SplitMix64: a tiny seeded generator, so that generated files are the same for a seed on
/// every platform and Swift version (the standard library's generator is neither).
struct DanmakuSplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0); the modulo bias is below 2^-40 for our bounds.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A number in 0..<1 with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// An element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
