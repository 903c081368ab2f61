import StudioKit
import StudioSDL

/// Two pictures of the same size compared pixel by pixel: how many pixels differ by more than
/// a threshold, a difference image (red where they differ, the reference dimmed elsewhere) and
/// the regions where the differing pixels gather, so that a reviewer finds one changed pixel
/// in a 720x1280 frame.
struct GoldenDifference {
    let width: Int
    let height: Int
    /// Pixels whose worst channel differs by more than the threshold.
    let differing: Int
    /// The difference image, straight RGBA.
    let image: [UInt8]
    /// Bounding boxes of the clusters of differing pixels, in picture pixels, largest first.
    let regions: [Rect]

    /// Differing pixels closer than this (in cells of this many pixels) count as one region.
    static let cell = 16
    /// A review shows this many regions at most; the count says how many more there are.
    static let maxRegions = 12

    init(reference: PNGPixels, actual: PNGPixels, threshold: UInt8) {
        precondition(reference.width == actual.width && reference.height == actual.height)
        width = reference.width
        height = reference.height
        var differing = 0
        var image = [UInt8](repeating: 0, count: reference.rgba.count)
        let cellsX = (width + Self.cell - 1) / Self.cell, cellsY = (height + Self.cell - 1) / Self.cell
        // Per cell, the bounds of its differing pixels (minX, minY, maxX, maxY), or nil.
        var cells = [(Int, Int, Int, Int)?](repeating: nil, count: cellsX * cellsY)
        for y in 0..<height {
            for x in 0..<width {
                let p = 4 * (y * width + x)
                var worst: UInt8 = 0
                for c in 0..<4 {
                    let a = reference.rgba[p + c], b = actual.rgba[p + c]
                    worst = max(worst, a > b ? a - b : b - a)
                }
                if worst > threshold {
                    differing += 1
                    image[p] = 255
                    let i = (y / Self.cell) * cellsX + x / Self.cell
                    if let b = cells[i] {
                        cells[i] = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
                    } else {
                        cells[i] = (x, y, x, y)
                    }
                } else {
                    for c in 0..<3 { image[p + c] = reference.rgba[p + c] / 4 }
                }
                image[p + 3] = 255
            }
        }
        self.differing = differing
        self.image = image
        self.regions = differing == 0 ? [] : Self.clusters(cells, cellsX: cellsX, cellsY: cellsY)
    }

    /// Joins neighbouring cells (the eight around each) that hold differing pixels, and gives
    /// each group's pixel bounds.
    private static func clusters(_ cells: [(Int, Int, Int, Int)?], cellsX: Int, cellsY: Int) -> [Rect] {
        var seen = [Bool](repeating: false, count: cells.count)
        var out: [Rect] = []
        for start in cells.indices where cells[start] != nil && !seen[start] {
            var stack = [start]
            seen[start] = true
            var bounds = cells[start]!
            while let i = stack.popLast() {
                let b = cells[i]!
                bounds = (min(bounds.0, b.0), min(bounds.1, b.1), max(bounds.2, b.2), max(bounds.3, b.3))
                let cx = i % cellsX, cy = i / cellsX
                for ny in max(0, cy - 1)...min(cellsY - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(cellsX - 1, cx + 1) {
                        let n = ny * cellsX + nx
                        if cells[n] != nil, !seen[n] {
                            seen[n] = true
                            stack.append(n)
                        }
                    }
                }
            }
            out.append(
                Rect(
                    x: Double(bounds.0), y: Double(bounds.1), width: Double(bounds.2 - bounds.0 + 1),
                    height: Double(bounds.3 - bounds.1 + 1)))
        }
        return out.sorted { $0.width * $0.height > $1.width * $1.height }
    }
}
