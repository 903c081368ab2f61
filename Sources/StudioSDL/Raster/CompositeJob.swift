import StudioKit

/// One frame's tile work, shared by the threads of `concurrentPerform`: band b takes a
/// range of tile rows (`rowStarts`, cut by what the rows cost) and, in each, draws the
/// changed tiles of every surface from the lowest changed one up, then copies the top
/// one's tiles into the frame.
///
/// `@unchecked Sendable`: it carries raw pointers. Ops and edges are only read; each band
/// writes only its own rows of the surfaces and the frame, its own tiles' states and its
/// own scratch, and the caller waits for every band before touching any of them.
struct CompositeJob: @unchecked Sendable {
    struct Layer {
        let pixels: UnsafeMutablePointer<UInt32>
        let tiles: TileStates
        let ops: Range<Int>
        /// The layer's name, for traces.
        let name: String
    }

    let grid: TileGrid
    let ops: UnsafeBufferPointer<RasterOp>
    let edges: UnsafeBufferPointer<RasterEdge>
    let layers: [Layer]
    let frame: UnsafeMutablePointer<UInt32>
    let start: UnsafeMutablePointer<Int32>
    /// Per tile: the surface a collapsing tile is drawn into at every level, or -1.
    let target: UnsafeMutablePointer<Int32>
    let background: UInt32
    let scratch: [BandScratch]
    let bands: Int
    /// Where each band's rows of tiles start, and the last one's end (`bands + 1` of them).
    let rowStarts: [Int]
    let opaqueFastPath: Bool
    let tracer: Tracer?

    /// Where each of `bands` bands starts, as a row of tiles (and, last, where the last one
    /// ends): rows cut so that each band costs about as much, by `costs` per row. A gift's
    /// burst or a comment's arrival changes a few rows only; cut into equal rows, most bands
    /// would have nothing to draw and one thread all of it. Without costs, equal rows.
    static func rowStarts(_ costs: [Int], bands: Int) -> [Int] {
        let total = costs.reduce(0, +)
        guard total > 0, bands > 1 else { return (0...bands).map { costs.count * $0 / max(bands, 1) } }
        var starts = [0]
        starts.reserveCapacity(bands + 1)
        var row = 0, before = 0
        for band in 1..<bands {
            // The first row with at least band / bands of the cost above it.
            let goal = total * band / bands
            while row < costs.count, before < goal {
                before += costs[row]
                row += 1
            }
            starts.append(row)
        }
        starts.append(costs.count)
        return starts
    }

    func run(band: Int) {
        let scratch = scratch[band]
        let started = Tracer.now()
        defer { scratch.busyNanos = Tracer.now() - started }
        scratch.pixelsWritten = 0
        scratch.tilesDrawn = 0
        let rows = rowStarts[band]..<rowStarts[band + 1]
        // Surface by surface: a tile of one needs only the same tile of the one below, which
        // this band drew first.
        for level in layers.indices {
            let begin = tracer != nil ? Tracer.now() : 0
            let drawnBefore = scratch.tilesDrawn
            for row in rows { draw(level, row: row, scratch: scratch) }
            if let tracer, scratch.tilesDrawn > drawnBefore {
                tracer.span(
                    "raster \(layers[level].name)", category: "raster", since: begin, thread: "raster worker",
                    args:
                        "\"band\":\(band),\"rows\":\"\(rows.lowerBound * TileGrid.tileHeight)-\(min(rows.upperBound * TileGrid.tileHeight, grid.height))\",\"tiles\":\(scratch.tilesDrawn - drawnBefore)"
                )
            }
        }
        let begin = tracer != nil ? Tracer.now() : 0
        for row in rows { present(row) }
        tracer?.span("present tiles", category: "raster", since: begin, thread: "raster worker", args: "\"band\":\(band)")
    }

    /// Draws the tiles of row `row` in surface `level` that changed at or below it: each
    /// starts as a copy of what is below (unless an op of its own covers it), then the
    /// surface's ops are drawn over a run of neighbouring tiles at a time. A collapsing tile
    /// is drawn into its target surface instead, copied from below only at its first level.
    private func draw(_ level: Int, row: Int, scratch: BandScratch) {
        let layer = layers[level], first = row * grid.columns
        let counts = layer.tiles.nextCounts + first, cover = layer.tiles.cover + first
        let holder = layer.tiles.holder + first, starts = start + first, targets = target + first
        @inline(__always) func needs(_ c: Int) -> Bool { starts[c] <= level && counts[c] > 0 }
        @inline(__always) func into(_ c: Int) -> Int { targets[c] >= 0 ? Int(targets[c]) : level }
        for c in 0..<grid.columns where starts[c] <= level {
            let below = level == 0 ? -1 : Int(layers[level - 1].tiles.holder[first + c])
            guard counts[c] > 0 else {
                holder[c] = Int32(below)
                continue
            }
            let surface = into(c)
            holder[c] = Int32(surface)
            // Below already in the target (a collapsing tile past its first level), or hidden.
            guard below != surface, cover[c] < 0 else { continue }
            copy(grid.rect(row: row, columns: c..<c + 1), from: below, into: layers[surface].pixels)
        }
        var c = 0
        while c < grid.columns {
            guard needs(c) else {
                c += 1
                continue
            }
            // A run of neighbouring tiles to draw into one surface, hidden below the same op.
            var end = c + 1
            while end < grid.columns, needs(end), cover[end] == cover[c], into(end) == into(c) { end += 1 }
            let rect = grid.rect(row: row, columns: c..<end)
            var band = BandRasterizer(
                pixels: layers[into(c)].pixels, stride: grid.width, rows: rect.y0..<rect.y1,
                scratch: scratch, opaqueFastPath: opaqueFastPath)
            for i in max(cover[c], layer.ops.lowerBound)..<layer.ops.upperBound {
                // The area read in place: most ops miss the run, and copying each whole op
                // out first cost more than the test.
                let area = ops[i].area
                let y0 = max(area.y0, rect.y0), y1 = min(area.y1, rect.y1)
                let x0 = max(area.x0, rect.x0), x1 = min(area.x1, rect.x1)
                guard y0 < y1, x0 < x1 else { continue }
                band.measuredDraw(ops[i], edges, x0, x1, y0..<y1)
            }
            scratch.pixelsWritten += band.written
            scratch.tilesDrawn += end - c
            c = end
        }
    }

    /// Fills `rect` of `target` (a surface or the frame) with surface `source`'s pixels
    /// there, or with the background when `source` is -1 (no surface has ops there).
    private func copy(_ rect: PixelRect, from source: Int, into target: UnsafeMutablePointer<UInt32>) {
        for y in rect.y0..<rect.y1 {
            let dst = target + y * grid.width + rect.x0
            if source < 0 {
                PixelVector.fill(dst, rect.width, background)
            } else {
                dst.update(from: layers[source].pixels + y * grid.width + rect.x0, count: rect.width)
            }
        }
    }

    /// Copies the changed tiles of row `row` into the frame from the surface holding the
    /// whole stack there (or fills them with the background when no surface has ops there),
    /// unless that surface is the frame itself (the top one).
    private func present(_ row: Int) {
        let first = row * grid.columns
        let top = layers.last?.tiles.holder
        for c in 0..<grid.columns where start[first + c] != Int32.max {
            let source = top.map { Int($0[first + c]) } ?? -1
            if source >= 0, layers[source].pixels == frame { continue }
            copy(grid.rect(row: row, columns: c..<c + 1), from: source, into: frame)
        }
    }
}
