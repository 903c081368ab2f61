import StudioDomain
import StudioKit

/// A round avatar: a colored disc with the name's first character, inside a ring. The
/// color comes from a stable hash of the name, so a person keeps it across rooms and runs.
enum RoundAvatar {
    static func color(for name: String) -> Color {
        Palette.avatars[Int(stableHash(name) % UInt64(Palette.avatars.count))]
    }

    /// Draws the avatar of `name` centred on `center`; the ring is `ringWidth` wide around
    /// `radius`. Three draw items.
    static func draw(
        _ canvas: Canvas, name: String, center: Point, radius: Double,
        ring: Color = .white, ringWidth: Double = 2.5
    ) {
        canvas.fillCircle(center: center, radius: radius + ringWidth, ring)
        canvas.fillCircle(center: center, radius: radius, color(for: name))
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        let font = FontSpec.bold((radius * 0.95).rounded())
        canvas.text(
            initial, font: font, color: .white, at: Point(x: center.x, y: center.y - font.size * 0.6),
            alignment: .center)
    }
}
