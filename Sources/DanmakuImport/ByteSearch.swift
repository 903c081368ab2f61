/// Finds a byte eight at a time, for the long runs of text and attribute values between the
/// bytes the scanner cares about.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The first index in `start..<end` holding `target`, or `end`.
    ///
    /// - Complexity: O(end - start), about a byte a cycle on long runs.
    @inline(__always)
    static func first(_ target: UInt8, in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(bytes)
        let pattern = ones &* UInt64(target)
        while index + 8 <= end {
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
            // High bit set exactly in the bytes equal to `target`.
            let found = ~(((x & low7) &+ low7) | x | low7)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end && bytes[index] != target { index += 1 }
        return index
    }
}
