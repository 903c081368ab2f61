import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct PixelMathTests {
        @Test("the integer multiply is x*a/255 correctly rounded for every pair of bytes")
        func mulIsExact() {
            for x in 0...255 {
                for a in 0...255 {
                    let expected = UInt32((Double(x * a) / 255).rounded())
                    if PixelMath.mul(UInt32(x), UInt32(a)) != expected {
                        Issue.record("mul(\(x), \(a)) = \(PixelMath.mul(UInt32(x), UInt32(a))), expected \(expected)")
                        return
                    }
                }
            }
        }

        @Test("scaling a pixel two channels at a time equals scaling each channel alone")
        func swarScaleMatchesChannels() {
            var rng = SystemRandomNumberGenerator()
            for _ in 0..<20_000 {
                let p = UInt32.random(in: .min ... .max, using: &rng), a = UInt32.random(in: 0...255, using: &rng)
                var expected: UInt32 = 0
                for shift in stride(from: 0, to: 32, by: 8) as StrideTo<UInt32> {
                    expected |= PixelMath.mul((p >> shift) & 0xFF, a) << shift
                }
                #expect(PixelMath.scale(p, a) == expected)
            }
        }

        @Test("a span blended two pixels per word equals blending each pixel alone, odd lengths included")
        func spanMatchesPixels() {
            var rng = SystemRandomNumberGenerator()
            for n in [1, 2, 3, 7, 64] {
                let color = PixelMath.premultiplied(
                    Color(
                        r: .random(in: 0...255, using: &rng), g: 90, b: 200,
                        a: .random(in: 0...255, using: &rng)))
                let start = (0..<n).map { _ in
                    PixelMath.premultiplied(
                        Color(
                            r: .random(in: 0...255, using: &rng), g: 7, b: 250,
                            a: .random(in: 0...255, using: &rng)))
                }
                var row = start
                row.withUnsafeMutableBufferPointer { PixelMath.blendSpan($0.baseAddress!, n, color) }
                #expect(row == start.map { PixelMath.over(color, $0) }, "length \(n)")
            }
        }

        @Test("an opaque source over anything is the source, and a transparent one changes nothing")
        func overLimits() {
            let dst = PixelMath.premultiplied(Color(r: 10, g: 200, b: 30, a: 140))
            let opaque = PixelMath.premultiplied(Color(r: 1, g: 2, b: 3))
            #expect(PixelMath.over(opaque, dst) == opaque)
            #expect(PixelMath.over(0, dst) == dst)
        }

        @Test("premultiplying and back keeps a color within rounding of its alpha")
        func roundTrip() {
            for a in stride(from: 1, through: 255, by: 7) {
                for c in stride(from: 0, through: 255, by: 5) {
                    let color = Color(r: UInt8(c), g: UInt8(255 - c), b: 128, a: UInt8(a))
                    let back = PixelMath.straight(PixelMath.premultiplied(color))
                    // One premultiplied step is 255/a straight steps.
                    #expect(back.isClose(to: color, tolerance: 255 / (2 * a) + 1), "\(color) -> \(back)")
                }
            }
        }
    }
}
