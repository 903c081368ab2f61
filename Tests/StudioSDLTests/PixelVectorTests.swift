import CPixelKernels
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// The four-pixel blends release builds use must give the scalar blends' bytes exactly
    /// (debug builds, which run the tests, use the scalar ones everywhere else).
    @Suite struct PixelVectorTests {
        /// A random valid premultiplied pixel: each channel at most its alpha, with the
        /// edges (transparent, opaque) over-represented.
        static func pixel(_ rng: inout SeededRandom) -> UInt32 {
            let pick = rng.next() % 8
            let a: UInt32 = pick == 0 ? 0 : pick == 1 ? 255 : UInt32(rng.next() % 256)
            func channel() -> UInt32 { a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) }
            return a << 24 | channel() << 16 | channel() << 8 | channel()
        }

        @Test("blendRow, blendSpan and blendMask match the scalar blends over random pixels and lengths")
        func vectorMatchesScalar() {
            var rng = SeededRandom(seed: 99)
            for round in 0..<400 {
                let n = Int(rng.next() % 41)
                let src = (0..<n).map { _ in Self.pixel(&rng) }
                let dst = (0..<n).map { _ in Self.pixel(&rng) }
                // Runs of zero and full coverage, as text masks have, among random weights.
                let weights: [UInt8] = (0..<n).map { _ in
                    switch rng.next() % 4 {
                    case 0: 0
                    case 1: 255
                    default: UInt8(truncatingIfNeeded: rng.next())
                    }
                }
                let color = Self.pixel(&rng)

                var expected = dst, actual = dst
                for i in 0..<n { expected[i] = PixelMath.over(src[i], expected[i]) }
                let written = actual.withUnsafeMutableBufferPointer { d in
                    src.withUnsafeBufferPointer { s in PixelVector.blendRow(d.baseAddress!, s.baseAddress!, n) }
                }
                #expect(actual == expected, "blendRow, round \(round)")
                #expect(written == src.filter { $0 != 0 }.count)

                expected = dst
                actual = dst
                for i in 0..<n { expected[i] = PixelMath.over(color, expected[i]) }
                actual.withUnsafeMutableBufferPointer { PixelVector.blendSpan($0.baseAddress!, n, color) }
                #expect(actual == expected, "blendSpan, round \(round)")
                var pairs = dst
                pairs.withUnsafeMutableBufferPointer { PixelMath.blendSpanPairs($0.baseAddress!, n, color) }
                #expect(pairs == expected, "blendSpanPairs, round \(round)")

                expected = dst
                actual = dst
                for i in 0..<n where weights[i] != 0 {
                    expected[i] = PixelMath.over(PixelMath.scale(color, UInt32(weights[i])), expected[i])
                }
                let covered = actual.withUnsafeMutableBufferPointer { d in
                    weights.withUnsafeBufferPointer { w in PixelVector.blendMask(d.baseAddress!, w.baseAddress!, n, color) }
                }
                #expect(actual == expected, "blendMask, round \(round)")
                #expect(covered == weights.filter { $0 != 0 }.count)
            }
        }

        @Test("every kernel path the CPU has gives the scalar blends' bytes, and fills what it is given")
        func everyKernelPath() {
            var rng = SeededRandom(seed: 7)
            let best = Int(lspk_level())
            #expect(best >= 0 && best <= 3)
            for level in Int32(0)...Int32(best) {
                for round in 0..<300 {
                    let n = Int(rng.next() % 70)
                    let src = (0..<n).map { _ in Self.pixel(&rng) }
                    let dst = (0..<n).map { _ in Self.pixel(&rng) }
                    let weights = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? 255 : rng.next()) }
                    let color = Self.pixel(&rng)
                    var row = dst, span = dst, mask = dst
                    let written = row.withUnsafeMutableBufferPointer { d in
                        src.withUnsafeBufferPointer { s in lspk_blend_row_at(level, d.baseAddress, s.baseAddress, n) }
                    }
                    span.withUnsafeMutableBufferPointer { lspk_blend_span_at(level, $0.baseAddress, n, color) }
                    let covered = mask.withUnsafeMutableBufferPointer { d in
                        weights.withUnsafeBufferPointer { w in lspk_blend_mask_at(level, d.baseAddress, w.baseAddress, n, color) }
                    }
                    #expect(row == zip(src, dst).map { PixelMath.over($0, $1) }, "row, level \(level), round \(round)")
                    #expect(written == src.filter { $0 != 0 }.count)
                    #expect(span == dst.map { PixelMath.over(color, $0) }, "span, level \(level), round \(round)")
                    let masked = zip(weights, dst).map { w, d in w == 0 ? d : PixelMath.over(PixelMath.scale(color, UInt32(w)), d) }
                    #expect(mask == masked, "mask, level \(level), round \(round)")
                    #expect(covered == weights.filter { $0 != 0 }.count)
                    // The fill stores its pixels and not one past them.
                    var fill = dst + [0xDEAD_BEEF]
                    fill.withUnsafeMutableBufferPointer { lspk_fill_row_at(level, $0.baseAddress, n, color) }
                    #expect(fill == Array(repeating: color, count: n) + [0xDEAD_BEEF], "fill, level \(level), round \(round)")
                }
                // Every alpha over 256 destinations, and every weight of an opaque and a translucent color.
                let dst = (UInt32(0)..<256).map { (x: UInt32) -> UInt32 in x << 24 | x << 16 | (255 - x) << 8 | x / 2 }
                for alpha in UInt32(0)...255 {
                    let src = (UInt32(0)..<256).map { (x: UInt32) -> UInt32 in
                        alpha << 24 | min(x, alpha) << 16 | (alpha / 2) << 8 | alpha / 3
                    }
                    var actual = dst
                    _ = actual.withUnsafeMutableBufferPointer { d in
                        src.withUnsafeBufferPointer { s in lspk_blend_row_at(level, d.baseAddress, s.baseAddress, 256) }
                    }
                    #expect(actual == zip(src, dst).map { PixelMath.over($0, $1) }, "row, level \(level), alpha \(alpha)")
                }
                let weights = (0..<256).map { UInt8($0) }
                for color: UInt32 in [0xFF20_A0F0, 0x8040_2010, 0x0101_0101] {
                    var actual = dst
                    _ = actual.withUnsafeMutableBufferPointer { d in
                        weights.withUnsafeBufferPointer { w in lspk_blend_mask_at(level, d.baseAddress, w.baseAddress, 256, color) }
                    }
                    let expected = zip(weights, dst).map { w, d in w == 0 ? d : PixelMath.over(PixelMath.scale(color, UInt32(w)), d) }
                    #expect(actual == expected, "mask, level \(level), every weight of \(String(color, radix: 16))")
                }
            }
        }
    }
}
