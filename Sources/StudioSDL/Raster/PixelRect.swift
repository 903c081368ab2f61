import StudioKit

/// A rectangle of whole device pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
/// Clips and the areas ops may touch are kept in this form so bands compare integers.
struct PixelRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    /// Whether `o` lies inside this rect.
    func contains(_ o: PixelRect) -> Bool {
        o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    /// The pixels whose centres lie inside `r` (each edge rounded to the nearest pixel
    /// boundary), cut to `limit`. Empty when `r` has a NaN edge.
    static func rounding(_ r: Rect, within limit: PixelRect) -> PixelRect {
        edges(r.minX.rounded(), r.minY.rounded(), r.maxX.rounded(), r.maxY.rounded(), limit)
    }

    /// Every pixel `r` touches at all, cut to `limit` (the area anti-aliased edges reach).
    static func covering(_ r: Rect, within limit: PixelRect) -> PixelRect {
        edges(r.minX.rounded(.down), r.minY.rounded(.down), r.maxX.rounded(.up), r.maxY.rounded(.up), limit)
    }

    /// Edges clamped into `limit`; NaN means nothing.
    private static func edges(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
        _ limit: PixelRect
    ) -> PixelRect {
        if x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN { return .empty }
        let r = PixelRect(
            x0: clamp(x0, limit.x0, limit.x1), y0: clamp(y0, limit.y0, limit.y1),
            x1: clamp(x1, limit.x0, limit.x1), y1: clamp(y1, limit.y0, limit.y1))
        return r.isEmpty ? .empty : r
    }
}

/// `v` as an integer in `lo...hi` (NaN gives `lo`).
@inline(__always)
func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    v.isNaN ? lo : min(max(Int(clamping: v), lo), hi)
}
