import StudioKit

/// How the compositor finds what changed: per tile of each surface, a hash of the ops that
/// touch it, in order, and where opaque ops start to hide it.
extension LayerCompositor {
    /// Hashes the ops of each tile of `surface` (the `level`th visible one), notes where
    /// opaque ops start to hide each tile (`noteCovers`), and lowers `start` to `level` where
    /// the tile changed.
    func hashTiles(
        _ surface: Surface, _ ops: [RasterOp], _ range: Range<Int>, level: Int32,
        start: UnsafeMutablePointer<Int32>
    ) {
        let tiles = surface.tiles, n = grid.count, columns = grid.columns
        tiles.nextHashes.update(repeating: Self.emptyTileHash, count: n)
        tiles.nextCounts.update(repeating: 0, count: n)
        for i in range {
            // Only the two fields read: a whole op is a large copy.
            let area = ops[i].area, hash = ops[i].hash
            let (cs, rs) = grid.tiles(touching: area)
            for r in rs {
                for c in cs {
                    let t = r * columns + c
                    tiles.nextHashes[t] = FrameCompiler.mix(tiles.nextHashes[t], hash)
                    tiles.nextCounts[t] += 1
                }
            }
        }
        noteCovers(tiles, ops, range)
        for t in 0..<n where start[t] > level {
            if !surface.valid || tiles.nextHashes[t] != tiles.hashes[t] || tiles.nextCounts[t] != tiles.opCounts[t] {
                start[t] = level
            }
        }
    }

    /// Sets each tile's `cover`: the latest op from which on opaque ops paint every pixel of
    /// the tile, or -1. Every pixel then ends as the ops from its own last opaque one on make
    /// it, whatever was there before: the tile is drawn from `cover` on, over no copy of what
    /// is below. The opaque ops may share the tile between them, row by row: a picture's
    /// background is often a stack of opaque bands, each shorter than a tile.
    ///
    /// Walks the opaque ops from the last, gathering the rows of each tile they span across.
    private func noteCovers(_ tiles: TileStates, _ ops: [RasterOp], _ range: Range<Int>) {
        let columns = grid.columns, covered = coveredRows!
        tiles.cover.update(repeating: -1, count: grid.count)
        covered.update(repeating: 0, count: grid.count)
        for i in range.reversed() where ops[i].isOpaque {
            let area = ops[i].area
            let (cs, rs) = grid.tiles(touching: area)
            for r in rs {
                let tile = grid.rect(row: r, columns: cs.lowerBound..<cs.lowerBound + 1)
                let all = Self.rowBits(0..<tile.y1 - tile.y0)
                let rows = Self.rowBits(max(area.y0, tile.y0) - tile.y0..<min(area.y1, tile.y1) - tile.y0)
                for c in cs where covered[r * columns + c] != all {
                    let t = r * columns + c
                    let x0 = c * TileGrid.tileWidth, x1 = min(x0 + TileGrid.tileWidth, grid.width)
                    guard area.x0 <= x0, area.x1 >= x1 else { continue }
                    covered[t] |= rows
                    if covered[t] == all { tiles.cover[t] = i }
                }
            }
        }
    }

    /// One bit for each row of `rows` (within a tile, so fewer than 33).
    private static func rowBits(_ rows: Range<Int>) -> UInt32 {
        let upTo = rows.upperBound >= 32 ? UInt32.max : (UInt32(1) << rows.upperBound) - 1
        return upTo & ~((UInt32(1) << rows.lowerBound) - 1)
    }

    /// Where each tile's hash starts.
    static let emptyTileHash: UInt64 = 0x243F_6A88_85A3_08D3
}
