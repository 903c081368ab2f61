/// A round box's spans and edge weights, row by row, worked out once: a panel, a bubble or
/// an avatar's circle that stays put is drawn again in every tile a change below it
/// touches (`LayerCompositor`), and working out its outline's coverage again each time,
/// a square root or two per edge pixel, cost more than blending the pixels.
///
/// Each row keeps `RoundBox.spans` with no columns cut, and the weights of the pixels
/// between its outer and full spans. A tile's part of a row is those spans cut to the
/// tile's columns; cutting them after the fact gives what `spans` gives for those columns,
/// and each pixel's weight is the one `fillRoundBox` works out, so the pixels are the same.
///
/// Immutable once made, so bands read it from any thread; ops borrow it through
/// `RoundBoxRows`, and the compiler that made the op keeps it alive meanwhile.
final class RoundBoxCoverage: @unchecked Sendable {
    /// One row: `outer0..<outer1` may be touched (empty when the row misses the box), and
    /// `full0..<full1` inside it is fully covered; the weights of `outer0..<full0` and then
    /// of `full1..<outer1` start at `weights`.
    struct Row {
        var outer0: Int32, full0: Int32, full1: Int32, outer1: Int32
        var weights: Int32
    }

    /// The largest box, in rows and in columns, worth keeping: a round box is a panel or a
    /// badge, and a bigger one costs more memory than working it out.
    static let maxSide = 4096

    let firstRow: Int
    let rowCount: Int
    private let rows: UnsafeMutablePointer<Row>
    private let weights: UnsafeMutablePointer<UInt8>
    /// Bytes the rows and weights hold.
    let bytes: Int

    /// The rows `wanted` of `box` (its op's rows: the box's, cut to a clip); nil when the
    /// box is too big to keep or not finite.
    init?(_ box: RoundBox, rows wanted: Range<Int>) {
        let edges = [box.x0, box.y0, box.x1, box.y1]
        guard edges.allSatisfy({ $0.isFinite && abs($0) < 1e9 }), box.x1 - box.x0 <= Double(Self.maxSide),
            wanted.count <= Self.maxSide
        else { return nil }
        // Columns wide enough that `spans` cuts nothing: the outer span lies within a pixel
        // of the box.
        let lo = Int(clamping: box.x0.rounded(.down)) - 2, hi = Int(clamping: box.x1.rounded(.up)) + 2
        var made: [Row] = [], kept: [UInt8] = []
        made.reserveCapacity(wanted.count)
        // The rows between the corners are alike (`RoundBox.isMiddleRow`): they share the
        // first one's spans and weights, as `fillRoundBox` reuses them.
        var middle: Row?
        for y in wanted {
            if let middle, box.isMiddleRow(y) {
                made.append(middle)
                continue
            }
            guard let s = box.spans(row: y, lo: lo, hi: hi) else {
                made.append(Row(outer0: 0, full0: 0, full1: 0, outer1: 0, weights: 0))
                continue
            }
            let row = Row(
                outer0: Int32(s.outer0), full0: Int32(s.full0), full1: Int32(s.full1), outer1: Int32(s.outer1),
                weights: Int32(kept.count))
            made.append(row)
            let py = Double(y) + 0.5
            for x in s.outer0..<s.full0 { kept.append(box.weight(column: x, centreY: py)) }
            for x in s.full1..<s.outer1 { kept.append(box.weight(column: x, centreY: py)) }
            if box.isMiddleRow(y), s.full0 - s.outer0 <= 4, s.outer1 - s.full1 <= 4 { middle = row }
        }
        firstRow = wanted.lowerBound
        rowCount = made.count
        rows = .allocate(capacity: max(made.count, 1))
        rows.initialize(from: made, count: made.count)
        weights = .allocate(capacity: max(kept.count, 1))
        weights.initialize(from: kept, count: kept.count)
        bytes = made.count * MemoryLayout<Row>.stride + kept.count
    }

    /// Whether it has every row of `wanted`.
    func holds(_ wanted: Range<Int>) -> Bool {
        wanted.lowerBound >= firstRow && wanted.upperBound <= firstRow + rowCount
    }

    deinit {
        rows.deallocate()
        weights.deallocate()
    }

    /// What an op borrows.
    var borrowed: RoundBoxRows {
        RoundBoxRows(rows: UnsafePointer(rows), weights: UnsafePointer(weights), firstRow: firstRow)
    }
}

/// A `RoundBoxCoverage` as an op holds it: raw pointers, valid while the compiler that
/// made the op keeps the coverage.
struct RoundBoxRows {
    let rows: UnsafePointer<RoundBoxCoverage.Row>
    let weights: UnsafePointer<UInt8>
    let firstRow: Int
}

/// The round boxes' coverage kept from frame to frame, by box.
///
/// A box is kept once `framesBeforeKept` frames running draw it: a box that moves is a new box
/// every frame, and working out all of its rows before the bands draw (which draw only
/// the tiles that changed, in parallel) would cost more than it saves. A box no frame
/// drew for a few frames is dropped, and nothing new is kept past `budget` bytes.
///
/// Not thread-safe: used by the compilers, which compile on one thread.
final class RoundBoxCoverageCache {
    private enum Entry {
        /// Drawn in that frame, and in the `run` frames up to it, not kept yet.
        case seen(frame: Int, run: Int)
        case kept(RoundBoxCoverage, frame: Int)
    }

    /// Frames running that draw a box before it is kept: an animation stepping at 30 Hz
    /// leaves its shapes still for two frames.
    static let framesBeforeKept = 3
    /// Frames a box may go undrawn before it is dropped.
    static let keepFrames = 2
    /// Frames between sweeps for boxes to drop.
    static let sweepEvery = 16

    let budget: Int
    private(set) var bytes = 0
    private var entries: [RoundBox: Entry] = [:]
    private var frame = 0

    init(budget: Int = 2 << 20) {
        self.budget = budget
    }

    /// Starts a frame's compile.
    func beginFrame() {
        frame += 1
        guard frame % Self.sweepEvery == 0 else { return }
        let oldest = frame - Self.keepFrames
        entries = entries.filter { _, entry in
            switch entry {
            case .seen(let last, _): return last >= oldest
            case .kept(let coverage, let last):
                if last >= oldest { return true }
                bytes -= coverage.bytes
                return false
            }
        }
    }

    /// `box`'s kept coverage of at least `rows` (its op's), or nil when it is not kept
    /// (yet): it is kept when the two frames before drew it too and it fits in the budget.
    func coverage(of box: RoundBox, rows: Range<Int>) -> RoundBoxCoverage? {
        // A box with an edge that is not finite is never kept (and a NaN one is never equal to
        // itself as a key): a sum of finite edges within a frame's size is finite.
        guard (box.x0 + box.y0 + box.x1 + box.y1 + box.rx + box.ry).isFinite else { return nil }
        switch entries[box] {
        case .kept(let coverage, _) where coverage.holds(rows):
            entries[box] = .kept(coverage, frame: frame)
            return coverage
        case .kept(let coverage, _):
            // Under another clip: made again for this one's rows.
            bytes -= coverage.bytes
            return keep(box, rows)
        case .seen(let last, let run) where last == frame - 1 && run + 1 < Self.framesBeforeKept:
            entries[box] = .seen(frame: frame, run: run + 1)
            return nil
        case .seen(let last, _) where last == frame - 1:
            return keep(box, rows)
        default:
            entries[box] = .seen(frame: frame, run: 1)
            return nil
        }
    }

    private func keep(_ box: RoundBox, _ rows: Range<Int>) -> RoundBoxCoverage? {
        guard bytes < budget, let made = RoundBoxCoverage(box, rows: rows) else {
            entries[box] = .seen(frame: frame, run: 1)
            return nil
        }
        bytes += made.bytes
        entries[box] = .kept(made, frame: frame)
        return made
    }
}
