import CSDL2
import Foundation
import StudioKit

/// Outlines of shapes as closed polygons in logical pixels, appended to a reused buffer.
/// Curves are flattened finely enough that the facets are not visible at their size on
/// screen; all outlines run clockwise on screen.
enum Contour {
    /// Segments for a full circle whose radius is `radius` logical pixels on screen:
    /// about one per 2 px of radius, at least 12 (small dots stay round) and at most 64
    /// (a large avatar ring needs no more).
    static func circleSegments(radius: Double) -> Int {
        guard radius.isFinite else { return 12 }
        return min(max(Int((radius / 2).rounded(.up)), 12), 64)
    }

    /// Segments per quarter-circle corner of a rounded rect.
    static func cornerSegments(radius: Double) -> Int {
        max(2, circleSegments(radius: radius) / 4)
    }

    static func rect(_ r: Rect, _ t: Transform, into out: inout [SDL_FPoint]) {
        out.append(point(r.minX, r.minY, t))
        out.append(point(r.maxX, r.minY, t))
        out.append(point(r.maxX, r.maxY, t))
        out.append(point(r.minX, r.maxY, t))
    }

    /// A rounded rect with `segments + 1` points per corner. A zero radius still emits
    /// that many (coincident) points, so an inner and an outer outline of a stroke always
    /// have the same count and can be stitched into a ring.
    static func roundedRect(_ r: Rect, radius: Double, segments: Int, _ t: Transform,
                            into out: inout [SDL_FPoint]) {
        let rad = min(max(radius, 0), r.width / 2, r.height / 2)
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
                let angle = start + Double.pi / 2 * (segments == 0 ? 0 : Double(i) / Double(segments))
                out.append(point(cx + rad * cos(angle), cy + rad * sin(angle), t))
            }
        }
    }

    /// A quarter of an ellipse (logical pixels, no transform), clockwise from `start`,
    /// `segments + 1` points.
    static func arc(center: Point, radiusX: Double, radiusY: Double, from start: Double, segments: Int,
                    into out: inout [SDL_FPoint]) {
        for i in 0...segments {
            let angle = start + Double.pi / 2 * Double(i) / Double(max(segments, 1))
            out.append(SDL_FPoint(x: Float(center.x + radiusX * cos(angle)), y: Float(center.y + radiusY * sin(angle))))
        }
    }

    static func circle(center: Point, radius: Double, segments: Int, _ t: Transform,
                       into out: inout [SDL_FPoint]) {
        for i in 0..<segments {
            let angle = 2 * Double.pi * Double(i) / Double(segments)
            out.append(point(center.x + radius * cos(angle), center.y + radius * sin(angle), t))
        }
    }

    /// The four corners of a segment drawn `width` thick with flat (butt) ends; empty
    /// when the segment has no length.
    static func line(from a: Point, to b: Point, width: Double, _ t: Transform, into out: inout [SDL_FPoint]) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, width > 0 else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        out.append(point(a.x - nx, a.y - ny, t))
        out.append(point(b.x - nx, b.y - ny, t))
        out.append(point(b.x + nx, b.y + ny, t))
        out.append(point(a.x + nx, a.y + ny, t))
    }

    @inline(__always)
    static func point(_ x: Double, _ y: Double, _ t: Transform) -> SDL_FPoint {
        SDL_FPoint(x: Float(t.a * x + t.c * y + t.tx), y: Float(t.b * x + t.d * y + t.ty))
    }
}
