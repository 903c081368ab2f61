import StudioFoundation
import Testing

@testable import DanmakuImport

/// The eight-bytes-at-a-time helpers, each checked against a plain byte loop on many random
/// inputs (mixes of ASCII, newlines, multi-byte UTF-8 and invalid bytes).
@Suite("Byte-level helpers")
struct ByteLevelTests {
    private static func randomBytes(_ random: inout SeededRandom) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("\n".utf8), Array("<".utf8), Array("中".utf8),
            Array("😀".utf8), Array("é".utf8), [0x80], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<random.index(below: 40) { bytes += random.pick(pieces) }
        return bytes
    }

    @Test("the position tracker agrees with a byte-by-byte count of lines and scalars")
    func trackerMatchesModel() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(&random)
            var tracker = DanmakuPositionTracker()
            let split = bytes.isEmpty ? 0 : random.index(below: bytes.count + 1)
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                tracker.advance(over: base, count: split)
                tracker.advance(over: base + split, count: buffer.count - split)
            }
            var line = 1, column = 1
            for byte in bytes {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            #expect(tracker.position == DanmakuSourcePosition(line: line, column: column), "\(bytes)")
        }
    }

    @Test("byte search finds the same first index as a loop")
    func searchMatchesModel() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(&random)
            let start = bytes.isEmpty ? 0 : random.index(below: bytes.count + 1)
            let found = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { ByteSearch.first(UInt8(ascii: "<"), in: $0, from: start, to: buffer.count) } ?? 0
            }
            let expected = bytes[start...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }

    @Test("UTF-8 validation agrees with the standard library")
    func validationMatchesStandardLibrary() {
        var random = SeededRandom(seed: 13)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(&random)
            let ours = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { UTF8Validation.isValid($0, count: buffer.count) } ?? true
            }
            #expect(ours == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
