import StudioKit

/// Scratch memory of one band, allocated once per rasterizer and reused every frame.
///
/// `@unchecked Sendable`: band i's scratch is only ever touched by the one thread that
/// runs band i, and read by the caller after all bands have finished.
final class BandScratch: @unchecked Sendable {
    let capacity: Int
    /// Area accumulation for one polygon row (`capacity + 2` cells), zero between rows.
    let coverage: UnsafeMutablePointer<Float>
    /// The runs of cells the edges of one polygon row touched, one per edge.
    let touched = GrowingBuffer<Int>(capacity: 64)
    /// One row of a scaled text mask's source columns, blended between its two source rows.
    let samples = GrowingBuffer<UInt32>(capacity: 256)
    /// Per-column source positions (24.8 fixed point) of a stretched image.
    let columns: UnsafeMutablePointer<Int32>
    /// The weights of a round box's edge pixels in its rows between the corners: four on
    /// the left, then four on the right.
    let edgeWeights: UnsafeMutablePointer<UInt8>
    /// One run of coverage weights, for `putRun` (`capacity + 2` of them).
    let weights: UnsafeMutablePointer<UInt8>
    /// Pixels the band wrote in its last frame.
    var pixelsWritten = 0
    /// Surface tiles the band drew in its last frame (composited frames only).
    var tilesDrawn = 0
    /// Nanoseconds the band worked in its last frame.
    var busyNanos: UInt64 = 0
    /// When measuring item costs: nanoseconds this band spent on each display-list item's
    /// ops in its last frame, indexed by item (`itemCapacity` of them); nil otherwise.
    private(set) var itemNanos: UnsafeMutablePointer<UInt64>?
    private(set) var itemCapacity = 0

    init(capacity: Int) {
        self.capacity = capacity
        coverage = .allocate(capacity: capacity + 2)
        coverage.initialize(repeating: 0, count: capacity + 2)
        columns = .allocate(capacity: capacity)
        columns.initialize(repeating: 0, count: capacity)
        edgeWeights = .allocate(capacity: 8)
        weights = .allocate(capacity: capacity + 2)
        edgeWeights.initialize(repeating: 0, count: 8)
    }

    deinit {
        coverage.deallocate()
        columns.deallocate()
        edgeWeights.deallocate()
        weights.deallocate()
        itemNanos?.deallocate()
    }

    /// Starts measuring a frame of `items` display-list items (zeroed), or stops (nil).
    func measureItems(_ items: Int?) {
        guard let items else {
            itemNanos?.deallocate()
            itemNanos = nil
            itemCapacity = 0
            return
        }
        let costs: UnsafeMutablePointer<UInt64>
        if let kept = itemNanos, itemCapacity >= items {
            costs = kept
        } else {
            itemNanos?.deallocate()
            itemCapacity = max(items, itemCapacity * 2, 64)
            costs = .allocate(capacity: itemCapacity)
            itemNanos = costs
        }
        costs.initialize(repeating: 0, count: itemCapacity)
    }
}

/// Scratch memory that grows to the most any use asked for and stays that size: a band's
/// rows need it for every op, and allocating per op would cost more than the work.
final class GrowingBuffer<Element>: @unchecked Sendable {
    private var pointer: UnsafeMutablePointer<Element>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    /// The memory, with room for `count` elements (uninitialized, trivial elements only).
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            pointer.deallocate()
            capacity = max(count, 2 * capacity)
            pointer = .allocate(capacity: capacity)
        }
        return pointer
    }
}

/// Draws compiled ops into the rows `top..<bottom` of a frame: every op in list order,
/// cut to those rows. Bands over disjoint rows can run concurrently, and because each
/// pixel is written by one band in list order, the frame is the same bit for bit
/// however it is split.
///
/// The inner loops work on raw pointers with integer blending; the opaque fast path
/// stores instead of blending where the result is the source anyway.
struct BandRasterizer {
    let pixels: UnsafeMutablePointer<UInt32>
    /// Pixels per row of the frame.
    let stride: Int
    let top: Int
    let bottom: Int
    let scratch: BandScratch
    /// Store opaque pixels instead of blending them (same result; off only in tests that
    /// prove it).
    let opaqueFastPath: Bool
    /// Pixels written so far (stored or blended).
    var written = 0

    init(pixels: UnsafeMutablePointer<UInt32>, stride: Int, rows: Range<Int>, scratch: BandScratch, opaqueFastPath: Bool) {
        self.pixels = pixels
        self.stride = stride
        top = rows.lowerBound
        bottom = rows.upperBound
        self.scratch = scratch
        self.opaqueFastPath = opaqueFastPath
    }

    /// Clears the band to `clear` (when given), then draws `ops`.
    ///
    /// - Complexity: O(ops) to skip ops outside the band, plus the pixels the ops cover.
    mutating func draw(_ ops: UnsafeBufferPointer<RasterOp>, _ edges: UnsafeBufferPointer<RasterEdge>, clear: UInt32?) {
        if let clear {
            PixelVector.fill(pixels + top * stride, (bottom - top) * stride, clear)
        }
        for i in ops.indices {
            // The area read in place, as in `CompositeJob`: most ops miss the band.
            let area = ops[i].area
            let y0 = max(area.y0, top), y1 = min(area.y1, bottom)
            guard y0 < y1 else { continue }
            measuredDraw(ops[i], edges, area.x0, area.x1, y0..<y1)
        }
    }

    /// `draw(_:_:_:_:_:)`, timed into the scratch's item costs when it measures them (two
    /// clock reads per op and run of tiles, so only when asked).
    @inline(__always)
    mutating func measuredDraw(
        _ op: RasterOp, _ edges: UnsafeBufferPointer<RasterEdge>,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        guard let costs = scratch.itemNanos else { return draw(op, edges, x0, x1, rows) }
        let begin = Tracer.now()
        draw(op, edges, x0, x1, rows)
        costs[Int(op.item)] &+= Tracer.now() &- begin
    }

    /// Draws the part of `op` in columns `x0..<x1` and `rows`, both inside its area: the
    /// same pixels there as drawing all of it, so a frame can be drawn a tile at a time.
    @inline(__always)
    mutating func draw(
        _ op: RasterOp, _ edges: UnsafeBufferPointer<RasterEdge>,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        switch op.kind {
        case .fill(let color):
            for y in rows { span(y, x0, x1, color) }
        case .roundBox(let box, let color, let kept):
            if let kept { fillKeptRoundBox(kept, color, x0, x1, rows) } else { fillRoundBox(box, color, x0, x1, rows) }
        case .ring(let outer, let inner, let color):
            fillRing(outer, inner, color, x0, x1, rows)
        case .polygon(let range, let color):
            fillPolygon(edges, range, color, op.area, columns: x0..<x1, rows)
        case .mask(let mask, let mx, let my, let color):
            drawMask(mask, mx, my, color, x0, x1, rows)
        case .transformedMask(let mask, let inverse, let color):
            drawTransformedMask(mask, inverse, color, x0, x1, rows)
        case .image(let image, let ix, let iy, let tint):
            drawImage(image, ix, iy, tint, x0, x1, rows)
        case .scaledImage(let image, let dest, let tint):
            drawScaledImage(image, dest, tint, x0, x1, rows)
        case .transformedImage(let image, let inverse, let tint):
            drawTransformedImage(image, inverse, tint, x0, x1, rows)
        }
    }

    // MARK: Pixels

    /// Fills columns `x0..<x1` of row `y` with `color`: plain stores when it is opaque.
    @inline(__always)
    mutating func span(_ y: Int, _ x0: Int, _ x1: Int, _ color: UInt32) {
        let n = x1 - x0
        guard n > 0 else { return }
        written += n
        let row = pixels + y * stride + x0
        if color >> 24 == 255, opaqueFastPath {
            PixelVector.fill(row, n, color)
        } else {
            PixelMath.blendSpan(row, n, color)
        }
    }

    /// Blends `color` at `weight` (coverage, 0...255) over one pixel.
    @inline(__always)
    mutating func put(_ p: UnsafeMutablePointer<UInt32>, _ color: UInt32, _ weight: UInt32) {
        guard weight > 0 else { return }
        written += 1
        if weight >= 255 {
            p.pointee = color >> 24 == 255 && opaqueFastPath ? color : PixelMath.over(color, p.pointee)
        } else {
            p.pointee = PixelMath.over(PixelMath.scale(color, weight), p.pointee)
        }
    }

    /// Blends `color` at each of `n` weights (0...255) over the pixels from `p` on: `put`
    /// pixel by pixel, as one vector blend in release builds (`PixelVector.blendMask`)
    /// unless the run is a shape's edge of a few pixels: the call and the vector's setup,
    /// and reading back weights just stored a byte at a time, cost more than the blends.
    @inline(__always)
    mutating func putRun(_ p: UnsafeMutablePointer<UInt32>, _ weights: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) {
        #if DEBUG
        for i in 0..<n { put(p + i, color, UInt32(weights[i])) }
        #else
        if n <= 4 {
            for i in 0..<n { put(p + i, color, UInt32(weights[i])) }
        } else {
            written += PixelVector.blendMask(p, weights, n, color)
        }
        #endif
    }

    /// Blends an already weighted premultiplied pixel over one pixel.
    @inline(__always)
    mutating func put(_ p: UnsafeMutablePointer<UInt32>, _ source: UInt32) {
        let a = source >> 24
        guard a > 0 else { return }
        written += 1
        p.pointee = a == 255 && opaqueFastPath ? source : PixelMath.over(source, p.pointee)
    }

    // MARK: Round boxes

    private mutating func fillRoundBox(_ box: RoundBox, _ color: UInt32, _ x0: Int, _ x1: Int, _ rows: Range<Int>) {
        // The rows between the corners (`RoundBox.isMiddleRow`) are all alike: their spans and
        // their edge pixels' weights are worked out in the first and written again in the
        // rest, which is most rows of a tall box.
        var middle: RowSpans?
        let left = scratch.edgeWeights, right = scratch.edgeWeights + 4
        for y in rows {
            let row = pixels + y * stride
            if let s = middle, box.isMiddleRow(y) {
                putRun(row + s.outer0, left, s.full0 - s.outer0, color)
                span(y, s.full0, s.full1, color)
                putRun(row + s.full1, right, s.outer1 - s.full1, color)
                continue
            }
            guard let s = box.spans(row: y, lo: x0, hi: x1) else { continue }
            let py = Double(y) + 0.5
            // Only the pixels between the outer and full spans are near the outline; each side's
            // weights are worked out, then blended as one run.
            let weights = scratch.weights
            for x in s.outer0..<s.full0 {
                weights[x - s.outer0] = box.weight(column: x, centreY: py)
            }
            putRun(row + s.outer0, weights, s.full0 - s.outer0, color)
            // The first middle row's weights are kept for the rest.
            let keeps = box.isMiddleRow(y) && s.full0 - s.outer0 <= 4 && s.outer1 - s.full1 <= 4
            if keeps { left.update(from: weights, count: s.full0 - s.outer0) }
            span(y, s.full0, s.full1, color)
            for x in s.full1..<s.outer1 {
                weights[x - s.full1] = box.weight(column: x, centreY: py)
            }
            putRun(row + s.full1, weights, s.outer1 - s.full1, color)
            if keeps {
                right.update(from: weights, count: s.outer1 - s.full1)
                middle = s
            }
        }
    }

    /// `fillRoundBox` from the box's rows as `RoundBoxCoverage` kept them: the spans cut
    /// to `x0..<x1` as `RoundBox.spans` cuts them, and the edge pixels' weights read.
    private mutating func fillKeptRoundBox(_ kept: RoundBoxRows, _ color: UInt32, _ x0: Int, _ x1: Int, _ rows: Range<Int>) {
        for y in rows {
            let r = kept.rows[y - kept.firstRow]
            let outer0 = min(max(Int(r.outer0), x0), x1)
            let outer1 = min(max(Int(r.outer1), outer0), x1)
            guard outer0 < outer1 else { continue }
            let full0 = min(max(Int(r.full0), outer0), outer1)
            let full1 = min(max(Int(r.full1), full0), outer1)
            let row = pixels + y * stride
            let weights = kept.weights + Int(r.weights)
            putRun(row + outer0, weights + (outer0 - Int(r.outer0)), full0 - outer0, color)
            span(y, full0, full1, color)
            putRun(row + full1, weights + (Int(r.full0 - r.outer0) + full1 - Int(r.full1)), outer1 - full1, color)
        }
    }

    /// `outer` minus `inner`: the inside of the hole is skipped, the band between the two
    /// outlines is solid, and only pixels near either outline compute coverage.
    private mutating func fillRing(
        _ outer: RoundBox, _ inner: RoundBox, _ color: UInt32,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        for y in rows {
            guard let o = outer.spans(row: y, lo: x0, hi: x1) else { continue }
            let i = inner.spans(row: y, lo: x0, hi: x1) ?? RowSpans(outer0: x1, outer1: x1, full0: x1, full1: x1)
            var skip0 = o.outer1, skip1 = o.outer1
            if i.full0 < i.full1 {
                skip0 = min(max(i.full0, o.outer0), o.outer1)
                skip1 = min(max(i.full1, skip0), o.outer1)
            }
            let row = pixels + y * stride, py = Double(y) + 0.5
            for segment in 0..<2 {
                let (a, b) = segment == 0 ? (o.outer0, skip0) : (skip1, o.outer1)
                for x in a..<b {
                    let inOuter = x >= o.full0 && x < o.full1
                    let nearInner = x >= i.outer0 && x < i.outer1
                    if inOuter, !nearInner {
                        put(row + x, color, 255)
                        continue
                    }
                    let px = Double(x) + 0.5
                    let covered = (inOuter ? 1 : outer.coverage(px, py)) - (nearInner ? inner.coverage(px, py) : 0)
                    put(row + x, color, PixelMath.weight(covered))
                }
            }
        }
    }
}
