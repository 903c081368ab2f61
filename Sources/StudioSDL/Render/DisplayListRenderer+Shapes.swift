import CSDL2
import StudioKit

extension DisplayListRenderer {
    /// Fills a shape. Axis-aligned rects (and horizontal or vertical lines) take the rect
    /// fast path; everything else is tessellated.
    func fill(_ shape: Shape, _ color: Color, _ t: Transform) throws {
        guard isVisible(t.boundingBox(of: shape.bounds)) else { return }
        switch shape {
        case .rect(let r):
            guard !r.isEmpty else { stats.culled += 1; return }
            if t.isAxisAligned { return try addRect(t.apply(r), color) }
            outer.removeAll(keepingCapacity: true)
            Contour.rect(r, t, into: &outer)
            try addConvexPolygon(outer, color)
        case .roundedRect(let r, let radius):
            guard !r.isEmpty else { stats.culled += 1; return }
            if radius <= 0 { return try fill(.rect(r), color, t) }
            if t.isAxisAligned, pixelSnapping != nil { return try fillSplitRoundedRect(r, radius: radius, color, t) }
            outer.removeAll(keepingCapacity: true)
            let segments = Contour.cornerSegments(radius: radius * t.lengthScale)
            Contour.roundedRect(r, radius: radius, segments: segments, t, into: &outer)
            try addConvexPolygon(outer, color)
        case .circle(let center, let radius):
            guard radius > 0 else { stats.culled += 1; return }
            outer.removeAll(keepingCapacity: true)
            let segments = Contour.circleSegments(radius: radius * t.lengthScale)
            Contour.circle(center: center, radius: radius, segments: segments, t, into: &outer)
            try addConvexPolygon(outer, color)
        case .line(let a, let b, let width):
            try drawLine(from: a, to: b, width: width, color, t)
        }
    }

    /// Strokes a shape's outline `width` logical pixels wide, centred on the outline.
    /// A line has no outline to trace, so stroking it draws the segment `width` thick
    /// (its own width is ignored).
    func stroke(_ shape: Shape, _ color: Color, width: Double, _ t: Transform) throws {
        guard width > 0, width.isFinite else { stats.culled += 1; return }
        let half = width / 2
        guard isVisible(t.boundingBox(of: shape.bounds.insetBy(dx: -half, dy: -half))) else { return }
        switch shape {
        case .rect(let r):
            try strokeRect(r, width: width, color, t)
        case .roundedRect(let r, let radius):
            if radius <= 0 { return try strokeRect(r, width: width, color, t) }
            let outerRect = r.insetBy(dx: -half, dy: -half), innerRect = r.insetBy(dx: half, dy: half)
            if innerRect.isEmpty { return try fill(.roundedRect(outerRect, radius: radius + half), color, t) }
            // Both outlines get the same corner segment count, so they pair up point by point.
            let segments = Contour.cornerSegments(radius: (radius + half) * t.lengthScale)
            outer.removeAll(keepingCapacity: true)
            inner.removeAll(keepingCapacity: true)
            Contour.roundedRect(outerRect, radius: radius + half, segments: segments, t, into: &outer)
            Contour.roundedRect(innerRect, radius: max(radius - half, 0), segments: segments, t, into: &inner)
            try addRing(outer: outer, inner: inner, color)
        case .circle(let center, let radius):
            guard radius > 0 else { stats.culled += 1; return }
            if radius <= half { return try fill(.circle(center: center, radius: radius + half), color, t) }
            let segments = Contour.circleSegments(radius: (radius + half) * t.lengthScale)
            outer.removeAll(keepingCapacity: true)
            inner.removeAll(keepingCapacity: true)
            Contour.circle(center: center, radius: radius + half, segments: segments, t, into: &outer)
            Contour.circle(center: center, radius: radius - half, segments: segments, t, into: &inner)
            try addRing(outer: outer, inner: inner, color)
        case .line(let a, let b, _):
            try drawLine(from: a, to: b, width: width, color, t)
        }
    }

    /// A rounded rect as three rects and four corner sectors, all meeting on whole device
    /// pixels. The software renderer fills a rect several times faster per pixel than it
    /// rasterizes triangles (which also scan their bounding boxes), and large rounded
    /// panels are common; the pieces do not overlap, so translucent fills stay even.
    private func fillSplitRoundedRect(_ r: Rect, radius: Double, _ color: Color, _ t: Transform) throws {
        let box = snapped(t.apply(r))
        guard !box.isEmpty else { stats.culled += 1; return }
        let rx = min(radius * abs(t.a), box.width / 2), ry = min(radius * abs(t.d), box.height / 2)
        let x1 = snapped(x: box.minX + rx), x2 = snapped(x: box.maxX - rx)
        let y1 = snapped(y: box.minY + ry), y2 = snapped(y: box.maxY - ry)
        if x2 > x1 { try addRect(Rect(x: x1, y: box.minY, width: x2 - x1, height: box.height), color) }
        if y2 > y1 {
            if x1 > box.minX { try addRect(Rect(x: box.minX, y: y1, width: x1 - box.minX, height: y2 - y1), color) }
            if box.maxX > x2 { try addRect(Rect(x: x2, y: y1, width: box.maxX - x2, height: y2 - y1), color) }
        }
        let segments = Contour.cornerSegments(radius: max(rx, ry))
        for corner in 0..<4 {
            // Each sector's straight sides lie on the snapped lines the rects end at.
            let (cx, cy, ex, ey, start): (Double, Double, Double, Double, Double)
            switch corner {
            case 0: (cx, cy, ex, ey, start) = (x1, y1, x1 - box.minX, y1 - box.minY, Double.pi)
            case 1: (cx, cy, ex, ey, start) = (x2, y1, box.maxX - x2, y1 - box.minY, Double.pi * 1.5)
            case 2: (cx, cy, ex, ey, start) = (x2, y2, box.maxX - x2, box.maxY - y2, 0)
            default: (cx, cy, ex, ey, start) = (x1, y2, x1 - box.minX, box.maxY - y2, Double.pi * 0.5)
            }
            guard ex > 0, ey > 0 else { continue }
            outer.removeAll(keepingCapacity: true)
            outer.append(SDL_FPoint(x: Float(cx), y: Float(cy)))
            Contour.arc(center: Point(x: cx, y: cy), radiusX: ex, radiusY: ey, from: start,
                        segments: segments, into: &outer)
            try addConvexPolygon(outer, color)
        }
    }

    private func strokeRect(_ r: Rect, width: Double, _ color: Color, _ t: Transform) throws {
        let half = width / 2
        let o = r.insetBy(dx: -half, dy: -half), i = r.insetBy(dx: half, dy: half)
        if i.isEmpty { return try fill(.rect(o), color, t) }
        if t.isAxisAligned {
            // Four non-overlapping bands (top and bottom full width, sides between them),
            // so a translucent stroke is not blended twice at the corners.
            try addRect(t.apply(Rect(x: o.minX, y: o.minY, width: o.width, height: i.minY - o.minY)), color)
            try addRect(t.apply(Rect(x: o.minX, y: i.maxY, width: o.width, height: o.maxY - i.maxY)), color)
            try addRect(t.apply(Rect(x: o.minX, y: i.minY, width: i.minX - o.minX, height: i.height)), color)
            try addRect(t.apply(Rect(x: i.maxX, y: i.minY, width: o.maxX - i.maxX, height: i.height)), color)
            return
        }
        outer.removeAll(keepingCapacity: true)
        inner.removeAll(keepingCapacity: true)
        Contour.rect(o, t, into: &outer)
        Contour.rect(i, t, into: &inner)
        try addRing(outer: outer, inner: inner, color)
    }

    private func drawLine(from a: Point, to b: Point, width: Double, _ color: Color, _ t: Transform) throws {
        guard width > 0, a != b else { stats.culled += 1; return }
        if t.isAxisAligned, a.x == b.x || a.y == b.y {
            // A horizontal or vertical line is a rect: butt ends, `width` across.
            let r = a.y == b.y
                ? Rect(x: min(a.x, b.x), y: a.y - width / 2, width: abs(b.x - a.x), height: width)
                : Rect(x: a.x - width / 2, y: min(a.y, b.y), width: width, height: abs(b.y - a.y))
            return try addRect(t.apply(r), color)
        }
        outer.removeAll(keepingCapacity: true)
        Contour.line(from: a, to: b, width: width, t, into: &outer)
        try addConvexPolygon(outer, color)
    }
}
