/// FNV-1a: a hash that is the same on every run and every machine (Swift's `hashValue` is
/// seeded per process), for what must repeat: a picture's source number in a display list,
/// a golden's fingerprint, a host's avatar color, a stand-in user id. The one
/// implementation, in the two widths its uses need.
package struct FNV1a<Value: FixedWidthInteger & UnsignedInteger> {
    package private(set) var value: Value
    private let prime: Value

    private init(basis: Value, prime: Value) {
        value = basis
        self.prime = prime
    }

    /// Hashes `bytes` after what was hashed before.
    package mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ Value(byte)) &* prime }
    }
}

extension FNV1a where Value == UInt64 {
    package init() { self.init(basis: 0xCBF2_9CE4_8422_2325, prime: 0x0000_0100_0000_01B3) }

    /// The 64-bit FNV-1a of `text`'s UTF-8.
    package static func hash(_ text: String) -> UInt64 {
        var h = Self()
        h.add(text.utf8)
        return h.value
    }
}

extension FNV1a where Value == UInt32 {
    package init() { self.init(basis: 2_166_136_261, prime: 16_777_619) }

    /// The 32-bit FNV-1a of `text`'s UTF-8.
    package static func hash(_ text: String) -> UInt32 {
        var h = Self()
        h.add(text.utf8)
        return h.value
    }
}
