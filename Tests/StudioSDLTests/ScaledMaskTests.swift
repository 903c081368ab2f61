import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// A text mask that is only scaled and moved is drawn by blending its source rows first
    /// (`drawScaledMask`); it must give every pixel the bilinear sample, taken across the
    /// columns first, that any other transform gets.
    @Suite struct ScaledMaskTests {
        /// The general walk's value at one pixel, written out: the texel and weights of the
        /// pixel's centre, then the four texels blended across and down.
        static func reference(_ mask: [UInt8], _ w: Int, _ h: Int, _ m: InverseMap, _ x: Int, _ y: Int) -> UInt32 {
            let u = m.a * Double(x) + (m.c * Double(y) + m.tx), v = m.b * Double(x) + (m.d * Double(y) + m.ty)
            guard let (sx, sy, wx, wy) = BandRasterizer.texel(u, v, w, h) else { return 0 }
            func at(_ x: Int, _ y: Int) -> UInt32 { x >= 0 && x < w && y >= 0 && y < h ? UInt32(mask[y * w + x]) : 0 }
            let top = at(sx, sy) * (256 - wx) + at(sx + 1, sy) * wx
            let bottom = at(sx, sy + 1) * (256 - wx) + at(sx + 1, sy + 1) * wx
            return (top * (256 - wy) + bottom * wy + 32768) >> 16
        }

        @Test("scaled, mirrored and cut by the band's columns, every pixel gets the general walk's coverage")
        func scaledMaskMatchesTheWalk() {
            var rng = SeededRandom(seed: 5)
            let width = 160, height = 60
            for round in 0..<40 {
                let w = 5 + Int(rng.next() % 70), h = 3 + Int(rng.next() % 30)
                let mask = (0..<w * h).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                let scale = [0.37, 0.8, 1.0, 1.04, 1.9, 3.3][Int(rng.next() % 6)]
                let mirrored = rng.next() % 4 == 0
                let a = mirrored ? -1 / scale : 1 / scale, d = 1 / (scale * (rng.next() % 2 == 0 ? 1 : 1.3))
                let m = InverseMap(
                    a: a, b: 0, c: 0, d: d, tx: Double(Int(rng.next() % 80)) - 40 + 0.3, ty: Double(Int(rng.next() % 40)) - 20 - 0.2)
                let x0 = Int(rng.next() % 60), x1 = x0 + 1 + Int(rng.next() % 100)
                let frame = PixelBuffer(width: width, height: height)
                frame.pixels.update(repeating: 0xFF10_2030, count: width * height)
                var band = BandRasterizer(
                    pixels: frame.pixels, stride: width, rows: 0..<height, scratch: BandScratch(capacity: width),
                    opaqueFastPath: true)
                let color: UInt32 = 0xCC80_4020
                mask.withUnsafeBufferPointer { pixels in
                    band.drawTransformedMask(
                        MaskSource(pixels: pixels.baseAddress!, width: w, height: h), m, color, x0, min(x1, width), 0..<height)
                }
                var wrong = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let weight = x >= x0 && x < min(x1, width) ? Self.reference(mask, w, h, m, x, y) : 0
                        let expected = weight == 0 ? 0xFF10_2030 : PixelMath.over(PixelMath.scale(color, weight), 0xFF10_2030)
                        if frame.pixels[y * width + x] != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "round \(round): \(wrong) pixels differ (w \(w), h \(h), scale \(scale), mirrored \(mirrored))")
            }
        }
    }
}
