/// The tiles a frame is cut into for damage tracking: 64x32 device pixels, those of the
/// last column and row cut to the frame. Small enough that a scrolling comment dirties
/// little besides itself, large enough that the per-tile bookkeeping (a hash and a count per
/// op and tile) stays a small share of rasterizing them.
struct TileGrid: Equatable {
    static let tileWidth = 64
    static let tileHeight = 32

    let width: Int
    let height: Int
    let columns: Int
    let rows: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = (width + Self.tileWidth - 1) / Self.tileWidth
        rows = (height + Self.tileHeight - 1) / Self.tileHeight
    }

    var count: Int { columns * rows }

    /// The pixels of row `row` of tiles, `column0..<column1`.
    func rect(row: Int, columns range: Range<Int>) -> PixelRect {
        PixelRect(
            x0: range.lowerBound * Self.tileWidth, y0: row * Self.tileHeight,
            x1: min(range.upperBound * Self.tileWidth, width), y1: min((row + 1) * Self.tileHeight, height))
    }

    /// The tiles `area` touches, as column and row ranges.
    func tiles(touching area: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        (
            area.x0 / Self.tileWidth..<(area.x1 + Self.tileWidth - 1) / Self.tileWidth,
            area.y0 / Self.tileHeight..<(area.y1 + Self.tileHeight - 1) / Self.tileHeight
        )
    }
}

/// Per-tile state of one cached surface, in raw memory because the bands write their own
/// tiles' entries concurrently (no two bands share a tile).
///
/// `@unchecked Sendable`: entries of a tile are written only by the band that owns the
/// tile's row, or by the loop thread while no band runs.
final class TileStates: @unchecked Sendable {
    let count: Int
    /// The hash of the ops drawn into each tile when it was last rasterized.
    let hashes: UnsafeMutablePointer<UInt64>
    /// How many ops touched each tile then (0: the tile is transparent).
    let opCounts: UnsafeMutablePointer<Int32>
    /// This frame's hashes and op counts, before they are kept.
    let nextHashes: UnsafeMutablePointer<UInt64>
    let nextCounts: UnsafeMutablePointer<Int32>
    /// The index of the op from which on opaque ops paint the whole tile, between them (ops
    /// before it are hidden there, and what is below needs no copying), or -1.
    let cover: UnsafeMutablePointer<Int>
    /// Which surface's raster holds the frame up to and including this surface in each
    /// tile: this one when it has ops there, else the one below's holder (-1: only the
    /// background color).
    let holder: UnsafeMutablePointer<Int32>

    init(count: Int) {
        self.count = count
        hashes = .allocate(capacity: count)
        opCounts = .allocate(capacity: count)
        nextHashes = .allocate(capacity: count)
        nextCounts = .allocate(capacity: count)
        cover = .allocate(capacity: count)
        holder = .allocate(capacity: count)
        hashes.initialize(repeating: 0, count: count)
        opCounts.initialize(repeating: 0, count: count)
        nextHashes.initialize(repeating: 0, count: count)
        nextCounts.initialize(repeating: 0, count: count)
        cover.initialize(repeating: -1, count: count)
        holder.initialize(repeating: -1, count: count)
    }

    deinit {
        hashes.deallocate()
        opCounts.deallocate()
        nextHashes.deallocate()
        nextCounts.deallocate()
        cover.deallocate()
        holder.deallocate()
    }
}
