import StudioKit

extension FrameCompiler {
    /// Compiles a gradient fill as one fill of `shape` per device-pixel strip across the
    /// axis, each clipped to its strip and painted the gradient's colour at the strip's
    /// middle: the shape's own edges (and anti-aliasing) come from the plain fill. Strips are
    /// cut in the shape's coordinates, so under a rotation they follow its bounding box.
    ///
    /// - Complexity: one fill per device pixel of the shape's extent along the axis (at most
    ///   `maxGradientStrips`).
    func fill(_ shape: Shape, _ gradient: LinearGradient, _ t: Transform) {
        let b = shape.bounds
        let device = t.boundingBox(of: b)
        let vertical = gradient.axis == .vertical
        let extent = vertical ? device.height : device.width
        guard extent.isFinite, extent > 0, !b.isEmpty else { stats.culled += 1; return }
        let n = min(max(Int(clamping: extent.rounded(.up)), 1), Self.maxGradientStrips)
        for i in 0..<n {
            let f0 = Double(i) / Double(n), f1 = Double(i + 1) / Double(n)
            let strip = vertical
                ? Rect(x: b.minX, y: b.minY + f0 * b.height, width: b.width, height: (f1 - f0) * b.height)
                : Rect(x: b.minX + f0 * b.width, y: b.minY, width: (f1 - f0) * b.width, height: b.height)
            clipped(to: strip, t) { fill(shape, gradient.color(at: (f0 + f1) / 2), t) }
        }
    }

    /// More strips than a screen has pixels would not show.
    static let maxGradientStrips = 4096

    /// Compiles the `source` part of an image drawn into `rect`, as a nine-slice when
    /// `insets` are not zero: each of the (up to) nine cells is the whole image, scaled so
    /// that the cell's source lands on its destination, clipped to that destination.
    /// Sources are clamped to the image; an image that cannot be used draws the placeholder.
    func imageSlice(_ ref: ImageRef, source: Rect?, insets: EdgeInsets, in rect: Rect, tint: Color, _ t: Transform) {
        guard !rect.isEmpty, tint.a > 0 else { stats.culled += 1; return }
        guard let sheet = imageCache.drawable(ref) else { return placeholder(in: rect, tint: tint, t) }
        let whole = Rect(x: 0, y: 0, width: Double(sheet.width), height: Double(sheet.height))
        let src = (source ?? whole).intersection(whole)
        guard !src.isEmpty else { stats.culled += 1; return }
        let xs = Self.cuts(src.minX, src.maxX, insets.left, insets.right, rect.minX, rect.maxX)
        let ys = Self.cuts(src.minY, src.maxY, insets.top, insets.bottom, rect.minY, rect.maxY)
        for row in 0..<3 {
            for column in 0..<3 {
                let from = Rect(x: xs.source[column], y: ys.source[row],
                                width: xs.source[column + 1] - xs.source[column], height: ys.source[row + 1] - ys.source[row])
                let to = Rect(x: xs.dest[column], y: ys.dest[row],
                              width: xs.dest[column + 1] - xs.dest[column], height: ys.dest[row + 1] - ys.dest[row])
                guard from.width > 0, from.height > 0, to.width > 0, to.height > 0 else { continue }
                let sx = to.width / from.width, sy = to.height / from.height
                let placed = Rect(x: to.minX - from.minX * sx, y: to.minY - from.minY * sy,
                                  width: whole.width * sx, height: whole.height * sy)
                clipped(to: to, t) { image(ref, in: placed, tint: tint, t) }
            }
        }
    }

    /// The four cut positions along one axis, in the source and in the destination: the
    /// insets keep their size in the destination unless it is shorter than both together,
    /// when they shrink in proportion.
    private static func cuts(_ s0: Double, _ s1: Double, _ lead: Double, _ trail: Double,
                             _ d0: Double, _ d1: Double) -> (source: [Double], dest: [Double]) {
        let a = min(max(lead, 0), s1 - s0), b = min(max(trail, 0), s1 - s0 - a)
        let shrink = a + b > d1 - d0 && a + b > 0 ? (d1 - d0) / (a + b) : 1
        return ([s0, s0 + a, s1 - b, s1], [d0, d0 + a * shrink, d1 - b * shrink, d1])
    }
}
