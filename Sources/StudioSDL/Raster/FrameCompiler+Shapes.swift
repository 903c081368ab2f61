import StudioKit

extension FrameCompiler {
    /// Compiles a filled shape. Under a transform that keeps axes axis-aligned (the usual
    /// case: translation and scale), rects become span fills and rounded rects, circles
    /// and ellipses analytic round boxes; under rotation or shear, shapes are flattened
    /// into anti-aliased polygons.
    func fill(_ shape: Shape, _ color: Color, _ t: Transform) {
        guard color.a > 0 else {
            stats.culled += 1
            return
        }
        let paint = PixelMath.premultiplied(color)
        switch shape {
        case .rect(let r):
            guard !r.isEmpty else {
                stats.culled += 1
                return
            }
            if t.axisScales != nil { return fillRect(t.boundingBox(of: r), paint) }
            Contour.rect(r, t, into: &points)
            appendPolygon(paint)
        case .roundedRect(let r, let radius):
            guard !r.isEmpty else {
                stats.culled += 1
                return
            }
            guard radius > 0 else { return fill(.rect(r), color, t) }
            if let (sx, sy) = t.axisScales {
                guard let box = snappedBox(t.boundingBox(of: r), rx: radius * sx, ry: radius * sy) else {
                    stats.culled += 1
                    return
                }
                // A corner under half a pixel is indistinguishable from a square one.
                if box.rx < 0.5, box.ry < 0.5 {
                    return fillRect(Rect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0), paint)
                }
                return appendRoundBox(box, paint)
            }
            Contour.roundedRect(r, radius: radius, t, into: &points)
            appendPolygon(paint)
        case .circle(let center, let radius):
            guard radius > 0, radius.isFinite else {
                stats.culled += 1
                return
            }
            if let box = ellipseBox(center: center, radius: radius, t) { return appendRoundBox(box, paint) }
            Contour.circle(center: center, radius: radius, t, into: &points)
            appendPolygon(paint)
        case .line(let a, let b, let width):
            guard width > 0, a != b else {
                stats.culled += 1
                return
            }
            if t.axisScales != nil, a.x == b.x || a.y == b.y {
                // A horizontal or vertical line is a rect: butt ends, `width` across.
                let r =
                    a.y == b.y
                    ? Rect(x: min(a.x, b.x), y: a.y - width / 2, width: abs(b.x - a.x), height: width)
                    : Rect(x: a.x - width / 2, y: min(a.y, b.y), width: width, height: abs(b.y - a.y))
                return fillRect(t.boundingBox(of: r), paint)
            }
            Contour.line(from: a, to: b, width: width, t, into: &points)
            appendPolygon(paint)
        }
    }

    /// Compiles a stroke `width` logical pixels wide, centred on the shape's outline. A
    /// line has no outline to trace, so stroking it draws the segment `width` thick.
    func stroke(_ shape: Shape, _ color: Color, width: Double, _ t: Transform) {
        guard width > 0, width.isFinite, color.a > 0 else {
            stats.culled += 1
            return
        }
        let half = width / 2
        let paint = PixelMath.premultiplied(color)
        switch shape {
        case .rect(let r):
            strokeRect(r, half: half, color, t)
        case .roundedRect(let r, let radius):
            guard radius > 0 else { return strokeRect(r, half: half, color, t) }
            let o = r.insetBy(dx: -half, dy: -half), i = r.insetBy(dx: half, dy: half)
            guard !i.isEmpty else { return fill(.roundedRect(o, radius: radius + half), color, t) }
            if let (sx, sy) = t.axisScales {
                guard let outer = snappedBox(t.boundingBox(of: o), rx: (radius + half) * sx, ry: (radius + half) * sy) else {
                    stats.culled += 1
                    return
                }
                let inner = snappedBox(t.boundingBox(of: i), rx: max(radius - half, 0) * sx, ry: max(radius - half, 0) * sy)
                return appendRing(outer, inner, paint)
            }
            Contour.roundedRect(o, radius: radius + half, t, into: &points)
            let hole = points.count
            Contour.roundedRect(i, radius: max(radius - half, 0), t, into: &points)
            appendPolygon(paint, holeStart: hole)
        case .circle(let center, let radius):
            guard radius > 0, radius.isFinite else {
                stats.culled += 1
                return
            }
            guard radius > half else { return fill(.circle(center: center, radius: radius + half), color, t) }
            if let outer = ellipseBox(center: center, radius: radius + half, t) {
                return appendRing(outer, ellipseBox(center: center, radius: radius - half, t), paint)
            }
            Contour.circle(center: center, radius: radius + half, t, into: &points)
            let hole = points.count
            Contour.circle(center: center, radius: radius - half, t, into: &points)
            appendPolygon(paint, holeStart: hole)
        case .line(let a, let b, _):
            fill(.line(from: a, to: b, width: width), color, t)
        }
    }

    private func strokeRect(_ r: Rect, half: Double, _ color: Color, _ t: Transform) {
        let o = r.insetBy(dx: -half, dy: -half), i = r.insetBy(dx: half, dy: half)
        guard !i.isEmpty else { return fill(.rect(o), color, t) }
        let paint = PixelMath.premultiplied(color)
        if t.axisScales != nil {
            // Four bands that do not overlap (top and bottom full width, sides between
            // them), so a translucent stroke is not blended twice at the corners.
            fillRect(t.boundingBox(of: Rect(x: o.minX, y: o.minY, width: o.width, height: i.minY - o.minY)), paint)
            fillRect(t.boundingBox(of: Rect(x: o.minX, y: i.maxY, width: o.width, height: o.maxY - i.maxY)), paint)
            fillRect(t.boundingBox(of: Rect(x: o.minX, y: i.minY, width: i.minX - o.minX, height: i.height)), paint)
            fillRect(t.boundingBox(of: Rect(x: i.maxX, y: i.minY, width: o.maxX - i.maxX, height: i.height)), paint)
            return
        }
        Contour.rect(o, t, into: &points)
        let hole = points.count
        Contour.rect(i, t, into: &points)
        appendPolygon(paint, holeStart: hole)
    }

    /// A span fill of the pixels whose centres lie in `r` (device pixels).
    func fillRect(_ r: Rect, _ paint: UInt32) {
        let area = PixelRect.rounding(r, within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        stats.rects += 1
        append(area, .fill(paint), coversOpaquely: paint >> 24 == 255)
    }

    private func appendRoundBox(_ box: RoundBox, _ paint: UInt32) {
        let area = PixelRect.covering(
            Rect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0),
            within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        stats.roundShapes += 1
        let kept = roundBoxes?.coverage(of: box, rows: area.y0..<area.y1)
        if let kept { retain(kept) }
        append(area, .roundBox(box, paint, kept: kept?.borrowed))
    }

    /// A ring: `outer` minus `inner` (nil: nothing cut out, the ring is a filled box).
    private func appendRing(_ outer: RoundBox, _ inner: RoundBox?, _ paint: UInt32) {
        guard let inner else { return appendRoundBox(outer, paint) }
        let area = PixelRect.covering(
            Rect(
                x: outer.x0, y: outer.y0, width: outer.x1 - outer.x0,
                height: outer.y1 - outer.y0), within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        stats.roundShapes += 1
        append(area, .ring(outer: outer, inner: inner, paint))
    }

    /// A rounded rect's device box with its edges on whole pixels, as the span fills put
    /// them, so rounded panels have crisp straight sides and only their corners blend;
    /// nil when nothing is left or an edge is not finite.
    private func snappedBox(_ r: Rect, rx: Double, ry: Double) -> RoundBox? {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded(), x1 = r.maxX.rounded(), y1 = r.maxY.rounded()
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        return RoundBox(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry)
    }

    /// The device ellipse of a circle whose transform keeps it a circle or an
    /// axis-aligned ellipse; nil when it needs the polygon path (or is not finite).
    private func ellipseBox(center: Point, radius: Double, _ t: Transform) -> RoundBox? {
        let (rx, ry): (Double, Double)
        if let s = t.similarityScale {
            (rx, ry) = (radius * s, radius * s)
        } else if let (sx, sy) = t.axisScales {
            (rx, ry) = (radius * sx, radius * sy)
        } else {
            return nil
        }
        let c = t.apply(center)
        guard c.x.isFinite, c.y.isFinite, rx.isFinite, ry.isFinite, rx > 0, ry > 0 else { return nil }
        return RoundBox(x0: c.x - rx, y0: c.y - ry, x1: c.x + rx, y1: c.y + ry, rx: rx, ry: ry)
    }
}
