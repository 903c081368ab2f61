import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// The polygon scan fills the columns between the cells its edges touch as spans, from
    /// runs it sorts and merges: a row crossing many edges must still come out exact.
    @Suite struct PolygonRunTests {
        /// A comb 78 pixels wide at (left, top): 20 teeth 2 pixels wide and 20 high, 2 apart,
        /// on a 10-pixel base; every edge on a pixel boundary, so each pixel is in or out.
        static func comb(left: Double, top: Double) -> [Point] {
            var points = [Point(x: left, y: top + 30), Point(x: left, y: top)]
            for i in 0..<20 {
                let x = left + Double(4 * i)
                points += [Point(x: x + 2, y: top), Point(x: x + 2, y: top + 20)]
                if i < 19 { points += [Point(x: x + 4, y: top + 20), Point(x: x + 4, y: top)] }
            }
            points.append(Point(x: left + 78, y: top + 30))
            return points
        }

        static func inComb(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, x < 78, y >= 0, y < 30 else { return false }
            return y >= 20 || x % 4 < 2
        }

        @Test(
            "a row that crosses forty edges fills exactly the teeth, whole or through a window of columns",
            arguments: [0..<100, 30..<51])
        func combIsExact(window: Range<Int>) {
            let width = 100, height = 40
            let frame = PixelBuffer(width: width, height: height)
            frame.pixels.update(repeating: 0xFF00_0000, count: width * height)
            let area = PixelRect(x0: 10, y0: 5, x1: 88, y1: 35)
            var edges: [RasterEdge] = []
            let points = Self.comb(left: 10, top: 5)
            EdgeClipper(area).addContour(points, points.indices, reversed: false, into: &edges)
            var band = BandRasterizer(
                pixels: frame.pixels, stride: width, rows: 0..<height, scratch: BandScratch(capacity: width),
                opaqueFastPath: true)
            let columns = max(window.lowerBound, area.x0)..<min(window.upperBound, area.x1)
            edges.withUnsafeBufferPointer { band.fillPolygon($0, 0..<$0.count, 0xFFFF_FFFF, area, columns: columns, area.y0..<area.y1) }
            var wrong: [String] = []
            for y in 0..<height {
                for x in 0..<width {
                    let painted = columns.contains(x) && Self.inComb(x - 10, y - 5)
                    let expected: UInt32 = painted ? 0xFFFF_FFFF : 0xFF00_0000
                    if frame.pixels[y * width + x] != expected { wrong.append("(\(x), \(y))") }
                }
            }
            #expect(wrong.isEmpty, "wrong pixels: \(wrong.prefix(10).joined(separator: " "))")
        }
    }
}
