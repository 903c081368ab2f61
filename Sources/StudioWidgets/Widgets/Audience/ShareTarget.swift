import StudioDomain
import StudioKit

/// Where the share sheet can send the room, each with its round icon drawn from primitives.
package enum ShareTarget: String, CaseIterable, Hashable, Sendable {
    case wechat, moments, qq, weibo, link, more

    /// The label under the icon, also named in the toast.
    package var title: String {
        switch self {
        case .wechat: "WeChat"
        case .moments: "Moments"
        case .qq: "QQ"
        case .weibo: "Weibo"
        case .link: "Copy link"
        case .more: "More"
        }
    }

    /// What the toast says once shared.
    package var toast: String {
        switch self {
        case .link: "Link copied"
        case .more: "Shared to more apps"
        default: "Shared to \(title)"
        }
    }

    var background: Color {
        switch self {
        case .wechat: Color(hex: 0x07C160)
        case .moments: Color(hex: 0xF4F4F4)
        case .qq: Color(hex: 0x12B7F5)
        case .weibo: Color(hex: 0xE6162D)
        case .link: Color(hex: 0x5C6BC0)
        case .more: Color(hex: 0x3A3A46)
        }
    }

    /// Draws the round icon centred on `c`, radius `r`. Three to seven draw items.
    func drawIcon(_ canvas: Canvas, center c: Point, radius r: Double) {
        canvas.fillCircle(center: c, radius: r, background)
        switch self {
        case .wechat:
            // Two chat bubbles, the front one overlapping the back one.
            canvas.fillCircle(center: Point(x: c.x - r * 0.14, y: c.y - r * 0.08), radius: r * 0.4, .white)
            canvas.fillCircle(center: Point(x: c.x + r * 0.24, y: c.y + r * 0.2), radius: r * 0.32, .white.withAlpha(0.85))
            canvas.fillCircle(center: Point(x: c.x - r * 0.28, y: c.y - r * 0.12), radius: r * 0.06, background)
            canvas.fillCircle(center: Point(x: c.x + r * 0.0, y: c.y - r * 0.12), radius: r * 0.06, background)
        case .moments:
            // An aperture of four colored petals.
            let petals = [Color(hex: 0xF5A623), Color(hex: 0x4A90E2), Color(hex: 0x7ED321), Color(hex: 0xD0021B)]
            for (i, color) in petals.enumerated() {
                let dx = i % 2 == 0 ? -1.0 : 1.0, dy = i < 2 ? -1.0 : 1.0
                canvas.fillCircle(center: Point(x: c.x + dx * r * 0.2, y: c.y + dy * r * 0.2), radius: r * 0.26, color)
            }
            canvas.fillCircle(center: c, radius: r * 0.14, background)
        case .qq:
            // A penguin: body, belly, eyes.
            canvas.fillRoundedRect(
                Rect(x: c.x - r * 0.32, y: c.y - r * 0.5, width: r * 0.64, height: r * 0.95),
                radius: r * 0.3, Color(hex: 0x1A1A1A))
            canvas.fillRoundedRect(
                Rect(x: c.x - r * 0.22, y: c.y - r * 0.12, width: r * 0.44, height: r * 0.52),
                radius: r * 0.2, .white)
            canvas.fillCircle(center: Point(x: c.x - r * 0.1, y: c.y - r * 0.28), radius: r * 0.07, .white)
            canvas.fillCircle(center: Point(x: c.x + r * 0.1, y: c.y - r * 0.28), radius: r * 0.07, .white)
        case .weibo:
            // An eye: white, dark iris, the gold sparkle.
            canvas.fillCircle(center: Point(x: c.x - r * 0.06, y: c.y + r * 0.08), radius: r * 0.42, .white)
            canvas.fillCircle(center: Point(x: c.x - r * 0.06, y: c.y + r * 0.1), radius: r * 0.18, Color(hex: 0x222222))
            canvas.fillCircle(center: Point(x: c.x + r * 0.42, y: c.y - r * 0.38), radius: r * 0.12, Palette.gold)
        case .link:
            // Two links of a chain, turned 45°.
            canvas.withState(transform: Transform.rotation(-.pi / 4).then(.translation(c.x, c.y))) {
                for dx in [-0.22, 0.22] {
                    canvas.stroke(
                        .roundedRect(
                            Rect(x: r * (dx - 0.3), y: -r * 0.16, width: r * 0.6, height: r * 0.32),
                            radius: r * 0.16), .white, width: max(3, r * 0.1))
                }
            }
        case .more:
            for dx in [-0.32, 0.0, 0.32] {
                canvas.fillCircle(center: Point(x: c.x + r * dx, y: c.y), radius: r * 0.09, .white)
            }
        }
    }
}
