/// Checks bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF),
/// so that text can then be built with the non-generic `String(decoding:as:)`.
///
/// The standard library's `String(validating:as:)` does the same in one step, but it is
/// generic over any sequence and, unspecialised across the module boundary, looked up type
/// metadata on every call (about 5% of a profile of the reader, with the validation itself
/// on top); this pass plus `String(decoding:)` is cheaper even though it validates twice.
///
/// - Complexity: O(count); ASCII runs go eight bytes at a time.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        let raw = UnsafeRawPointer(bytes)
        while index < count {
            if index + 8 <= count && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            if lead < 0xC2 { return false }
            if lead < 0xE0 {
                guard index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
                continue
            }
            if lead < 0xF0 {
                guard index + 2 < count else { return false }
                let second = bytes[index + 1]
                guard second & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else { return false }
                if lead == 0xE0 && second < 0xA0 { return false }
                if lead == 0xED && second >= 0xA0 { return false }
                index += 3
                continue
            }
            guard lead < 0xF5, index + 3 < count else { return false }
            let second = bytes[index + 1]
            guard second & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80, bytes[index + 3] & 0xC0 == 0x80 else { return false }
            if lead == 0xF0 && second < 0x90 { return false }
            if lead == 0xF4 && second >= 0x90 { return false }
            index += 4
        }
        return true
    }

    /// A String from bytes that are valid UTF-8, or nil.
    @inline(__always)
    static func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String? {
        guard isValid(bytes, count: count) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
