import Foundation
import StudioKit

/// Outlines of shapes as closed polygons in device pixels, appended to a reused buffer,
/// for the shapes whose transform rotates or shears them (axis-aligned ones use
/// `RoundBox` instead). Curves are flattened finely enough that the facets stay within a
/// tenth of a pixel of the curve, which anti-aliasing cannot show. All outlines run
/// clockwise on screen for a transform that does not mirror.
enum Contour {
    /// Segments for a full circle of `radius` device pixels: the chord of a segment of
    /// angle 2pi/n strays r(1 - cos(pi/n)) ~ r*pi^2 / (2n^2) from the arc; keeping that
    /// under 0.1 px needs n = pi * sqrt(5r). At least 12 (small dots stay round), at most
    /// 256 (a screen-sized circle needs no more).
    static func circleSegments(radius: Double) -> Int {
        guard radius.isFinite, radius > 0 else { return 12 }
        return min(max(Int(clamping: (Double.pi * (5 * radius).squareRoot()).rounded(.up)), 12), 256)
    }

    /// Segments per quarter-circle corner of a rounded rect.
    static func cornerSegments(radius: Double) -> Int {
        max(2, circleSegments(radius: radius) / 4)
    }

    static func rect(_ r: Rect, _ t: Transform, into out: inout [Point]) {
        out.append(t.apply(Point(x: r.minX, y: r.minY)))
        out.append(t.apply(Point(x: r.maxX, y: r.minY)))
        out.append(t.apply(Point(x: r.maxX, y: r.maxY)))
        out.append(t.apply(Point(x: r.minX, y: r.maxY)))
    }

    /// A rounded rect with `segments + 1` points per corner; the radius is limited to half
    /// the shorter side.
    static func roundedRect(_ r: Rect, radius: Double, _ t: Transform, into out: inout [Point]) {
        let rad = min(max(radius, 0), r.width / 2, r.height / 2)
        let segments = cornerSegments(radius: rad * t.lengthScale)
        // Corner centres and the angle each arc starts at, clockwise from the top-left;
        // a switch rather than an array literal keeps this allocation-free.
        for corner in 0..<4 {
            let (cx, cy, start): (Double, Double, Double)
            switch corner {
            case 0: (cx, cy, start) = (r.minX + rad, r.minY + rad, Double.pi)
            case 1: (cx, cy, start) = (r.maxX - rad, r.minY + rad, Double.pi * 1.5)
            case 2: (cx, cy, start) = (r.maxX - rad, r.maxY - rad, 0)
            default: (cx, cy, start) = (r.minX + rad, r.maxY - rad, Double.pi * 0.5)
            }
            for i in 0...segments {
                let angle = start + Double.pi / 2 * Double(i) / Double(segments)
                out.append(t.apply(Point(x: cx + rad * cos(angle), y: cy + rad * sin(angle))))
            }
        }
    }

    static func circle(center: Point, radius: Double, _ t: Transform, into out: inout [Point]) {
        let segments = circleSegments(radius: radius * t.lengthScale)
        for i in 0..<segments {
            let angle = 2 * Double.pi * Double(i) / Double(segments)
            out.append(t.apply(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))))
        }
    }

    /// The four corners of a segment drawn `width` thick with flat (butt) ends; nothing
    /// when the segment has no length.
    static func line(from a: Point, to b: Point, width: Double, _ t: Transform, into out: inout [Point]) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, width > 0 else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        out.append(t.apply(Point(x: a.x - nx, y: a.y - ny)))
        out.append(t.apply(Point(x: b.x - nx, y: b.y - ny)))
        out.append(t.apply(Point(x: b.x + nx, y: b.y + ny)))
        out.append(t.apply(Point(x: a.x + nx, y: a.y + ny)))
    }
}
