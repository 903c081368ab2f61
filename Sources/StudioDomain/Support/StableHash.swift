import StudioKit

/// FNV-1a over UTF-8: a hash that is the same on every run (Swift's `hashValue` is seeded
/// per process), for choices that must repeat, like a host's avatar color.
package func stableHash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return h
}

/// Mixes two values into one well-spread 64-bit value (SplitMix64's finaliser), for seeds
/// derived from a base seed and an id.
package func mixSeed(_ a: UInt64, _ b: UInt64) -> UInt64 {
    SeededRandom.finalize(a &+ (b &* SeededRandom.increment) &+ 0x632B_E59B_D9B4_E019)
}
