import Foundation
import StudioDomain
import StudioKit

/// Which way a triangle points.
enum TriangleDirection: Hashable, Sendable {
    case up, down, left, right

    /// The turn from "right" to this direction, clockwise on screen.
    var angle: Double {
        switch self {
        case .right: 0
        case .down: .pi / 2
        case .left: .pi
        case .up: -.pi / 2
        }
    }
}

extension Canvas {
    /// An arc of a circle as `segments` short lines (the display list has no arc). Angles in
    /// radians, clockwise on screen from 3 o'clock; a negative `sweep` runs anticlockwise.
    /// - Complexity: `segments` draw items for a full turn, proportionally fewer for less.
    func strokeArc(
        center: Point, radius: Double, from start: Double, sweep: Double, width: Double,
        _ color: Color, segments: Int = 48
    ) {
        let n = min(max(1, Int(clamping: (Double(segments) * abs(sweep) / (2 * .pi)).rounded(.up))), segments)
        func point(_ a: Double) -> Point { Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        var previous = point(start)
        for i in 1...n {
            let next = point(start + sweep * Double(i) / Double(n))
            line(from: previous, to: next, width: width, color)
            previous = next
        }
        // Round the joints so the segments read as one stroke.
        if n > 1 {
            for i in 1..<n { fillCircle(center: point(start + sweep * Double(i) / Double(n)), radius: width / 2, color) }
        }
    }

    /// A filled triangle `size` wide and tall centred on `center`, pointing `direction`,
    /// drawn as `strips` rectangles across it (the display list has no polygon).
    /// - Complexity: `strips` draw items.
    func fillTriangle(
        center: Point, size: Double, pointing direction: TriangleDirection, _ color: Color,
        strips: Int = 10
    ) {
        let n = max(1, strips)
        let step = size / Double(n)
        let turn = Transform.rotation(direction.angle).then(.translation(center.x, center.y))
        withState(transform: turn) {
            for k in 0..<n {
                // Strip k spans [x, x + step); its height is the triangle's at the strip's middle.
                let x = -size / 2 + Double(k) * step
                let h = size * (1 - (Double(k) + 0.5) / Double(n))
                fillRect(Rect(x: x, y: -h / 2, width: step + 0.5, height: h), color)
            }
        }
    }
}
