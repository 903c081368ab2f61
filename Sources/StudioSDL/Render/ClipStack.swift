import StudioKit

/// The nested clip rectangles of a render, in logical pixels on whole-pixel edges.
///
/// A pushed clip is intersected with the one in force, so nesting only ever narrows;
/// popping restores the previous clip exactly. `current == nil` means no clip.
struct ClipStack {
    private(set) var current: Rect?
    private var saved: [Rect?] = []

    /// True when the clip in force covers no pixel, so drawing can be skipped.
    var isEmpty: Bool { current?.isEmpty ?? false }

    var depth: Int { saved.count }

    /// Narrows the clip to `bounds` (logical pixels; edges are rounded to whole pixels,
    /// which is where SDL's integer clip rect puts them anyway).
    mutating func push(_ bounds: Rect) {
        saved.append(current)
        let snapped = Self.snapped(bounds)
        current = current.map { $0.intersection(snapped) } ?? snapped
    }

    /// Restores the clip before the matching push; false when nothing was pushed.
    mutating func pop() -> Bool {
        guard let previous = saved.popLast() else { return false }
        current = previous
        return true
    }

    mutating func reset() {
        current = nil
        saved.removeAll(keepingCapacity: true)
    }

    static func snapped(_ r: Rect) -> Rect {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded()
        let x1 = r.maxX.rounded(), y1 = r.maxY.rounded()
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
