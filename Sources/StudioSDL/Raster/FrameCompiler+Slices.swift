import StudioKit

extension FrameCompiler {
    /// Compiles a gradient fill as one fill of `shape` per device-pixel strip across the
    /// axis, each clipped to its strip and painted the gradient's color at the strip's
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
        guard extent.isFinite, extent > 0, !b.isEmpty else {
            stats.culled += 1
            return
        }
        let n = min(max(Int(clamping: extent.rounded(.up)), 1), Self.maxGradientStrips)
        for i in 0..<n {
            let f0 = Double(i) / Double(n), f1 = Double(i + 1) / Double(n)
            let strip =
                vertical
                ? Rect(x: b.minX, y: b.minY + f0 * b.height, width: b.width, height: (f1 - f0) * b.height)
                : Rect(x: b.minX + f0 * b.width, y: b.minY, width: (f1 - f0) * b.width, height: b.height)
            clipped(to: strip, t) { fill(shape, gradient.color(at: (f0 + f1) / 2), t) }
        }
    }

    /// More strips than a screen has pixels would not show.
    static let maxGradientStrips = 4096

    /// Compiles the `source` part of an image drawn into `rect`, as a nine-slice when
    /// `insets` are not zero: each of the (up to) nine cells is its part of the image (a view
    /// of its pixels, `ImageSource.part`) stretched over its destination, so no texel of a
    /// neighbouring cell bleeds across a seam. Sources and insets are taken on whole image
    /// pixels and clamped to the image; an image that cannot be used draws the placeholder.
    func imageSlice(_ ref: ImageRef, source: Rect?, insets: EdgeInsets, in rect: Rect, tint: Color, _ t: Transform) {
        guard !rect.isEmpty, tint.a > 0 else {
            stats.culled += 1
            return
        }
        guard !PixelRect.covering(t.boundingBox(of: rect), within: clip).isEmpty else {
            stats.culled += 1
            return
        }
        guard let sheet = imageCache.drawable(ref) else { return placeholder(in: rect, tint: tint, t) }
        let whole = PixelRect(x0: 0, y0: 0, x1: sheet.width, y1: sheet.height)
        let src = source.map { PixelRect.rounding($0, within: whole) } ?? whole
        guard !src.isEmpty else {
            stats.culled += 1
            return
        }
        let xs = Self.cuts(src.x0, src.x1, insets.left, insets.right, rect.minX, rect.maxX)
        let ys = Self.cuts(src.y0, src.y1, insets.top, insets.bottom, rect.minY, rect.maxY)
        for row in 0..<3 {
            for column in 0..<3 {
                let w = xs.source[column + 1] - xs.source[column], h = ys.source[row + 1] - ys.source[row]
                let to = Rect(
                    x: xs.dest[column], y: ys.dest[row],
                    width: xs.dest[column + 1] - xs.dest[column], height: ys.dest[row + 1] - ys.dest[row])
                guard w > 0, h > 0, to.width > 0, to.height > 0 else { continue }
                let part = sheet.source.part(x: xs.source[column], y: ys.source[row], width: w, height: h)
                place(part, of: sheet, in: to, tint: tint, t)
            }
        }
    }

    /// The four cut positions along one axis, in the source (whole pixels) and in the
    /// destination: the insets keep their size in the destination unless it is shorter than
    /// both together, when they shrink in proportion.
    private static func cuts(
        _ s0: Int, _ s1: Int, _ lead: Double, _ trail: Double,
        _ d0: Double, _ d1: Double
    ) -> (source: [Int], dest: [Double]) {
        let a = min(Int(clamping: max(lead, 0).rounded()), s1 - s0)
        let b = min(Int(clamping: max(trail, 0).rounded()), s1 - s0 - a)
        let sum = Double(a + b)
        let shrink = sum > d1 - d0 && sum > 0 ? (d1 - d0) / sum : 1
        return ([s0, s0 + a, s1 - b, s1], [d0, d0 + Double(a) * shrink, d1 - Double(b) * shrink, d1])
    }
}
