import StudioKit

extension SeededRandom {
    /// A uniformly chosen index in `0..<count` (`count` > 0). Written here rather than
    /// with `Int.random(in:using:)`, whose algorithm the standard library may change: the
    /// same seed must pick the same items on every toolchain.
    public mutating func index(below count: Int) -> Int {
        precondition(count > 0, "index(below:) needs a positive count")
        return Int(next() % UInt64(count))
    }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[index(below: items.count)] }
}
