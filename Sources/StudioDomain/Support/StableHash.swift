import StudioKit

/// FNV-1a over UTF-8 (`FNV1a`), for choices that must repeat, like a host's avatar color.
package func stableHash(_ text: String) -> UInt64 { FNV1a<UInt64>.hash(text) }

/// Mixes two values into one well-spread 64-bit value (SplitMix64's finaliser), for seeds
/// derived from a base seed and an id.
package func mixSeed(_ a: UInt64, _ b: UInt64) -> UInt64 {
    SeededRandom.finalize(a &+ (b &* SeededRandom.increment) &+ 0x632B_E59B_D9B4_E019)
}
