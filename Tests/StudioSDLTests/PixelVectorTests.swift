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

        @Test("the C blend kernel gives the scalar blend's bytes on every path the CPU has")
        func everyKernelPath() {
            var rng = SeededRandom(seed: 7)
            let best = Int(lspk_level())
            #expect(best >= 0 && best <= 2)
            for level in 0...best {
                for round in 0..<300 {
                    let n = Int(rng.next() % 70)
                    let src = (0..<n).map { _ in Self.pixel(&rng) }
                    let dst = (0..<n).map { _ in Self.pixel(&rng) }
                    var actual = dst
                    let written = actual.withUnsafeMutableBufferPointer { d in
                        src.withUnsafeBufferPointer { s in lspk_blend_row_at(Int32(level), d.baseAddress, s.baseAddress, n) }
                    }
                    #expect(actual == zip(src, dst).map { PixelMath.over($0, $1) }, "level \(level), round \(round)")
                    #expect(written == src.filter { $0 != 0 }.count)
                }
                // Every channel value under every source alpha, eight pixels at a time.
                for alpha in UInt32(0)...255 {
                    let src = (0..<256).map { x in alpha << 24 | min(UInt32(x), alpha) << 16 | (alpha / 2) << 8 | alpha / 3 }
                    let dst = (0..<256).map { x in UInt32(x) << 24 | UInt32(x) << 16 | UInt32(255 - x) << 8 | UInt32(x / 2) }
                    var actual = dst
                    _ = actual.withUnsafeMutableBufferPointer { d in
                        src.withUnsafeBufferPointer { s in lspk_blend_row_at(Int32(level), d.baseAddress, s.baseAddress, 256) }
                    }
                    #expect(actual == zip(src, dst).map { PixelMath.over($0, $1) }, "level \(level), alpha \(alpha)")
                }
            }
        }

        @Test("the vector scale matches the scalar one for every weight")
        func scaleEveryWeight() {
            var rng = SeededRandom(seed: 3)
            for a in UInt32(0)...255 {
                let p = (0..<4).map { _ in Self.pixel(&rng) }
                let v = PixelVector.scale(SIMD4(p[0], p[1], p[2], p[3]), SIMD4(repeating: a))
                for i in 0..<4 { #expect(v[i] == PixelMath.scale(p[i], a), "weight \(a)") }
            }
        }
    }
}
