import Foundation
import StudioDomain
import StudioKit

/// The picture of a gift, drawn from primitives (no emoji, no image files) centred on a
/// point, `size` wide: a rose, a lollipop, a heart, a firework, a crown, a rocket, a castle,
/// or a gift box for any other id.
enum GiftGlyph: Hashable, Sendable {
    case rose, lollipop, heart, fireworks, crown, rocket, castle, box

    init(_ gift: Gift) {
        switch gift.id {
        case "rose": self = .rose
        case "lollipop": self = .lollipop
        case "heart": self = .heart
        case "fireworks": self = .fireworks
        case "crown": self = .crown
        case "rocket": self = .rocket
        case "castle": self = .castle
        default: self = .box
        }
    }

    /// The gift's own color (banner tint, particles).
    var color: Color {
        switch self {
        case .rose: Color(hex: 0xFF3B5C)
        case .lollipop: Color(hex: 0xFF7AC6)
        case .heart: Color(hex: 0xFE2C55)
        case .fireworks: Color(hex: 0xFFB020)
        case .crown: Color(hex: 0xFFC53D)
        case .rocket: Color(hex: 0x40A9FF)
        case .castle: Color(hex: 0xB37FEB)
        case .box: Color(hex: 0xFF7A45)
        }
    }

    /// About 4-9 draw items.
    func draw(in canvas: Canvas, center c: Point, size s: Double) {
        switch self {
        case .rose:
            canvas.line(
                from: Point(x: c.x, y: c.y + s * 0.05), to: Point(x: c.x + s * 0.06, y: c.y + s * 0.48),
                width: s * 0.07, Color(hex: 0x52C41A))
            canvas.fillCircle(center: Point(x: c.x + s * 0.16, y: c.y + s * 0.3), radius: s * 0.09, Color(hex: 0x73D13D))
            for k in 0..<5 {
                let a = Double(k) * 2 * .pi / 5 - .pi / 2
                canvas.fillCircle(
                    center: Point(x: c.x + s * 0.17 * cos(a), y: c.y - s * 0.12 + s * 0.17 * sin(a)),
                    radius: s * 0.17, color)
            }
            canvas.fillCircle(center: Point(x: c.x, y: c.y - s * 0.12), radius: s * 0.12, Color(hex: 0xC4143A))
        case .lollipop:
            canvas.line(from: c, to: Point(x: c.x, y: c.y + s * 0.5), width: s * 0.07, .white)
            canvas.fillCircle(center: Point(x: c.x, y: c.y - s * 0.12), radius: s * 0.34, color)
            canvas.fillCircle(center: Point(x: c.x, y: c.y - s * 0.12), radius: s * 0.22, Color(hex: 0xFFD6EC))
            canvas.fillCircle(center: Point(x: c.x, y: c.y - s * 0.12), radius: s * 0.11, Color(hex: 0x9254DE))
        case .heart:
            canvas.fillHeart(center: c, width: s * 0.9, color)
            canvas.fillCircle(center: Point(x: c.x - s * 0.18, y: c.y - s * 0.14), radius: s * 0.07, Color.white.withAlpha(0.7))
        case .fireworks:
            let colors = [color, Color(hex: 0xFF4D4F), Color(hex: 0x40A9FF), Color(hex: 0x73D13D)]
            for k in 0..<8 {
                let a = Double(k) * .pi / 4
                let inner = Point(x: c.x + s * 0.12 * cos(a), y: c.y + s * 0.12 * sin(a))
                let outer = Point(x: c.x + s * 0.45 * cos(a), y: c.y + s * 0.45 * sin(a))
                canvas.line(from: inner, to: outer, width: s * 0.07, colors[k % colors.count])
            }
            canvas.fillCircle(center: c, radius: s * 0.1, .white)
        case .crown:
            let base = Rect(x: c.x - s * 0.4, y: c.y + s * 0.02, width: s * 0.8, height: s * 0.26)
            for k in 0..<3 {
                let x = c.x + Double(k - 1) * s * 0.3
                diamond(canvas, center: Point(x: x, y: c.y - s * 0.02), size: s * 0.34, color)
                canvas.fillCircle(center: Point(x: x, y: c.y - s * 0.3), radius: s * 0.06, color)
            }
            canvas.fillRoundedRect(base, radius: s * 0.05, color)
            canvas.fillCircle(center: Point(x: c.x, y: base.midY), radius: s * 0.06, Color(hex: 0xFF4D4F))
        case .rocket:
            RocketShape.draw(in: canvas, center: c, height: s * 0.95, tilt: .pi / 4)
        case .castle:
            CastleShape.draw(in: canvas, center: Point(x: c.x, y: c.y + s * 0.1), width: s * 0.8, flagWave: 0, detailed: false)
        case .box:
            Icons.gift(canvas, center: c, size: s * 0.9, box: color, ribbon: Color(hex: 0xFFE58F))
        }
    }

    /// A square turned 45°, `size` across its diagonal's width.
    private func diamond(_ canvas: Canvas, center: Point, size: Double, _ color: Color) {
        let side = size / 1.4142
        canvas.withState(transform: Transform.rotation(.pi / 4).then(.translation(center.x, center.y))) {
            canvas.fillRect(Rect(x: -side / 2, y: -side / 2, width: side, height: side), color)
        }
    }
}
