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
            draw(level, rows: rows, scratch: scratch)
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

    /// Draws the tiles of `rows` in surface `level` that changed at or below it: each starts
    /// as a copy of what is below (unless an op of its own covers it), then the surface's ops
    /// are drawn over a run of neighbouring tiles at a time. A collapsing tile is drawn into
    /// its target surface instead, copied from below only at its first level.
    ///
    /// Rows of tiles whose runs are alike (the same columns, surface and covering op) are
    /// drawn as one block: where a whole layer changes (every comment of a busy room moves),
    /// an op is then drawn in one piece rather than a piece per row of tiles, so its source
    /// pixels (a comment's picture, mostly not in any cache) are read in one sequential pass
    /// rather than in a few passes far apart, each of which starts cold.
    private func draw(_ level: Int, rows: Range<Int>, scratch: BandScratch) {
        var row = rows.lowerBound
        while row < rows.upperBound {
            prepare(level, row: row)
            var next = row + 1
            while next < rows.upperBound, sameRuns(level, row, next) {
                prepare(level, row: next)
                next += 1
            }
            drawRuns(level, rows: row..<next, scratch: scratch)
            row = next
        }
    }

    /// Whether surface `level`'s ops are drawn in tile `t`.
    @inline(__always)
    private func needs(_ level: Int, _ t: Int) -> Bool { start[t] <= level && layers[level].tiles.nextCounts[t] > 0 }
    /// The surface that surface `level`'s ops in tile `t` are drawn into: its own, or the
    /// tile's target when it collapses.
    @inline(__always)
    private func into(_ level: Int, _ t: Int) -> Int { target[t] >= 0 ? Int(target[t]) : level }

    /// Sets the holders of row `row`'s tiles in surface `level`, and copies into each tile
    /// drawn there what lies below it, unless that is already in the surface it is drawn
    /// into or an op of its own hides it.
    private func prepare(_ level: Int, row: Int) {
        let layer = layers[level], first = row * grid.columns
        for t in first..<first + grid.columns where start[t] <= level {
            let below = level == 0 ? -1 : Int(layers[level - 1].tiles.holder[t])
            guard layer.tiles.nextCounts[t] > 0 else {
                layer.tiles.holder[t] = Int32(below)
                continue
            }
            let surface = into(level, t)
            layer.tiles.holder[t] = Int32(surface)
            guard below != surface, layer.tiles.cover[t] < 0 else { continue }
            copy(grid.rect(row: row, columns: t - first..<t - first + 1), from: below, into: layers[surface].pixels)
        }
    }

    /// Whether rows `a` and `b` of tiles are drawn in surface `level` as the same runs.
    private func sameRuns(_ level: Int, _ a: Int, _ b: Int) -> Bool {
        let cover = layers[level].tiles.cover, ta = a * grid.columns, tb = b * grid.columns
        for c in 0..<grid.columns {
            let drawn = needs(level, ta + c)
            guard drawn == needs(level, tb + c) else { return false }
            if drawn, cover[ta + c] != cover[tb + c] || into(level, ta + c) != into(level, tb + c) { return false }
        }
        return true
    }

    /// Draws surface `level`'s ops over its runs of tiles in `rows`, rows whose runs are alike.
    private func drawRuns(_ level: Int, rows: Range<Int>, scratch: BandScratch) {
        let layer = layers[level], first = rows.lowerBound * grid.columns, cover = layer.tiles.cover + first
        var c = 0
        while c < grid.columns {
            guard needs(level, first + c) else {
                c += 1
                continue
            }
            // A run of neighbouring tiles to draw into one surface, hidden below the same op.
            let surface = into(level, first + c)
            var end = c + 1
            while end < grid.columns, needs(level, first + end), cover[end] == cover[c], into(level, first + end) == surface {
                end += 1
            }
            let top = grid.rect(row: rows.lowerBound, columns: c..<end)
            let rect = PixelRect(x0: top.x0, y0: top.y0, x1: top.x1, y1: grid.rect(row: rows.upperBound - 1, columns: c..<end).y1)
            var band = BandRasterizer(
                pixels: layers[surface].pixels, stride: grid.width, rows: rect.y0..<rect.y1,
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
            scratch.tilesDrawn += (end - c) * rows.count
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
