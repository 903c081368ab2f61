import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// A round box drawn from the rows its cache kept must be the box worked out as it is
    /// drawn, pixel for pixel and in the pixels it counts as written, in any tile.
    @Suite struct RoundBoxCoverageTests {
        /// Draws `box` over a gray frame through `band.draw`, in tiles of `tile` pixels.
        static func draw(
            _ box: RoundBox, _ color: UInt32, kept: RoundBoxCoverage?, tile: Int, width: Int, height: Int
        ) -> (pixels: [UInt32], written: Int) {
            let frame = PixelBuffer(width: width, height: height)
            frame.pixels.update(repeating: 0xFF40_5060, count: width * height)
            let area = PixelRect.covering(
                Rect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0),
                within: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
            let op = RasterOp(area: area, kind: .roundBox(box, color, kept: kept?.borrowed))
            var band = BandRasterizer(
                pixels: frame.pixels, stride: width, rows: 0..<height, scratch: BandScratch(capacity: width),
                opaqueFastPath: true)
            let edges: [RasterEdge] = []
            edges.withUnsafeBufferPointer { edges in
                for ty in stride(from: area.y0, to: area.y1, by: tile) {
                    for tx in stride(from: area.x0, to: area.x1, by: tile) {
                        let rows = ty..<min(ty + tile, area.y1)
                        band.draw(op, edges, tx, min(tx + tile, area.x1), rows)
                    }
                }
            }
            return (Array(UnsafeBufferPointer(start: frame.pixels, count: width * height)), band.written)
        }

        /// The rows a box's op covers on an unclipped frame.
        static func rows(of box: RoundBox) -> Range<Int> {
            Int(box.y0.rounded(.down))..<Int(box.y1.rounded(.up))
        }

        @Test("kept rows draw what working the box out draws, whole and in tiles, for circles, ellipses and pills")
        func keptRowsMatch() throws {
            var random = SeededRandom(seed: 17)
            var failures: [String] = []
            for trial in 0..<300 {
                let x0 = Double.random(in: -20..<90, using: &random), y0 = Double.random(in: -20..<90, using: &random)
                let w = Double.random(in: 0.3..<70, using: &random), h = Double.random(in: 0.3..<70, using: &random)
                // Whole-pixel boxes as rounded rects snap them, and fractional ones as circles move.
                let snapped = trial % 3 == 0
                let box = RoundBox(
                    x0: snapped ? x0.rounded() : x0, y0: snapped ? y0.rounded() : y0,
                    x1: snapped ? (x0 + w).rounded() : x0 + w, y1: snapped ? (y0 + h).rounded() : y0 + h,
                    rx: Double.random(in: 0..<40, using: &random),
                    ry: trial % 2 == 0 ? Double.random(in: 0..<40, using: &random) : .infinity)
                let color: UInt32 = trial % 4 == 0 ? 0xFFE0_3070 : 0x8060_2040
                let kept = try #require(RoundBoxCoverage(box, rows: Self.rows(of: box)))
                for tile in [200, 32, 7] {
                    let worked = Self.draw(box, color, kept: nil, tile: tile, width: 100, height: 100)
                    let read = Self.draw(box, color, kept: kept, tile: tile, width: 100, height: 100)
                    if worked.pixels != read.pixels || worked.written != read.written {
                        failures.append("\(box) in tiles of \(tile)")
                    }
                }
            }
            let differing = failures.count
            #expect(differing == 0, "boxes that differ, first: \(failures.prefix(3))")
        }

        @Test("a box is kept once three frames running draw it, and dropped when frames stop drawing it")
        func keptAfterThreeFrames() {
            let cache = RoundBoxCoverageCache()
            let still = RoundBox(x0: 10, y0: 10, x1: 60, y1: 40, rx: 8, ry: 8)
            var kept: [Bool] = []
            for frame in 0..<4 {
                cache.beginFrame()
                kept.append(cache.coverage(of: still, rows: Self.rows(of: still)) != nil)
                // A box that moves every frame is never kept.
                let moving = RoundBox(x0: 10 + Double(frame) * 0.25, y0: 50, x1: 40, y1: 70, rx: 5, ry: 5)
                #expect(cache.coverage(of: moving, rows: Self.rows(of: moving)) == nil)
            }
            #expect(kept == [false, false, true, true])
            #expect(cache.bytes > 0)
            for _ in 0..<(2 * RoundBoxCoverageCache.sweepEvery) { cache.beginFrame() }
            #expect(cache.bytes == 0, "a box no frame draws is dropped")
            cache.beginFrame()
            #expect(cache.coverage(of: still, rows: Self.rows(of: still)) == nil, "and must be seen running again to be kept")
        }

        @Test("nothing new is kept past the budget, and a box too big or not finite is never kept")
        func budgetAndLimits() {
            let cache = RoundBoxCoverageCache(budget: 1)
            let boxes = (0..<3).map { RoundBox(x0: 0, y0: Double($0) * 30, x1: 50, y1: Double($0) * 30 + 20, rx: 6, ry: 6) }
            var kept = 0
            for _ in 0..<4 {
                cache.beginFrame()
                kept = boxes.filter { cache.coverage(of: $0, rows: Self.rows(of: $0)) != nil }.count
            }
            #expect(kept == 1, "the first box fills the budget of one byte")
            #expect(RoundBoxCoverage(RoundBox(x0: 0, y0: 0, x1: 5000, y1: 20, rx: 4, ry: 4), rows: 0..<20) == nil)
            #expect(RoundBoxCoverage(RoundBox(x0: 0, y0: 0, x1: .infinity, y1: 20, rx: 4, ry: 4), rows: 0..<20) == nil)
        }
    }
}
