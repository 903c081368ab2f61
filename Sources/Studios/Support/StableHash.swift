/// FNV-1a over UTF-8: a hash that is the same on every run (Swift's `hashValue` is seeded
/// per process), for choices that must repeat, like a host's avatar colour.
func stableHash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return h
}

/// Mixes two values into one well-spread 64-bit value (SplitMix64's finaliser), for seeds
/// derived from a base seed and an id.
func mixSeed(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var z = a &+ (b &* 0x9E37_79B9_7F4A_7C15) &+ 0x632B_E59B_D9B4_E019
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
