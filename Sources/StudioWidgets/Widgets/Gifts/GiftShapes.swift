import StudioDomain
import StudioKit

/// A cartoon rocket pointing up (before `tilt`), drawn from primitives: fins, a pointed red
/// nose, a white body with a round window, a stripe and a nozzle. About 10 draw items.
enum RocketShape {
    static let red = Color(hex: 0xFF4D4F)
    static let body = Color(hex: 0xF5F7FA)
    static let shade = Color(hex: 0xD6DCE5)
    static let window = Color(hex: 0x40A9FF)

    /// - Parameters:
    ///   - center: the middle of the rocket, nose to nozzle.
    ///   - height: nose tip to nozzle bottom.
    ///   - tilt: radians clockwise from pointing up.
    static func draw(in canvas: Canvas, center: Point, height h: Double, tilt: Double = 0) {
        let w = h * 0.36
        canvas.withState(transform: Transform.rotation(tilt).then(.translation(center.x, center.y))) {
            // Fins first: the body covers their roots.
            for side in [-1.0, 1.0] {
                let fin = Transform.rotation(side * 0.35).then(.translation(side * w * 0.48, h * 0.3))
                canvas.withState(transform: fin) {
                    canvas.fillRoundedRect(
                        Rect(x: -w * 0.2, y: -h * 0.14, width: w * 0.4, height: h * 0.28),
                        radius: w * 0.12, red)
                }
            }
            // The nose: a diamond whose lower half the body hides, leaving a cone.
            let side = w / 1.4142
            canvas.withState(
                transform: Transform.rotation(.pi / 4).then(.scale(1, 1.5))
                    .then(.translation(0, -h / 2 + w * 0.75))
            ) {
                canvas.fillRoundedRect(
                    Rect(x: -side / 2, y: -side / 2, width: side, height: side),
                    radius: side * 0.12, red)
            }
            let top = -h / 2 + w * 0.75
            let bodyRect = Rect(x: -w / 2, y: top, width: w, height: h / 2 - h * 0.08 - top)
            canvas.fillRoundedRect(bodyRect, radius: w * 0.3, body)
            canvas.fillRoundedRect(
                Rect(x: w * 0.16, y: top + w * 0.1, width: w * 0.26, height: bodyRect.height - w * 0.2),
                radius: w * 0.12, shade)
            canvas.fillRect(Rect(x: -w / 2, y: h * 0.2, width: w, height: h * 0.05), red)
            canvas.fillCircle(center: Point(x: 0, y: -h * 0.06), radius: w * 0.28, .white)
            canvas.fillCircle(center: Point(x: 0, y: -h * 0.06), radius: w * 0.2, window)
            canvas.fillCircle(center: Point(x: -w * 0.07, y: -h * 0.09), radius: w * 0.06, Color.white.withAlpha(0.8))
            canvas.fillRoundedRect(
                Rect(x: -w * 0.3, y: h / 2 - h * 0.1, width: w * 0.6, height: h * 0.1),
                radius: w * 0.05, Color(hex: 0x434A54))
        }
    }

    /// The nozzle's centre relative to the rocket's centre, before tilt.
    static func nozzleOffset(height h: Double) -> Double { h / 2 }
}

/// A fairy-tale castle: two side towers and a keep with pointed roofs, a wall with
/// battlements, a door, lit windows and a flag. `width` wide, about 0.95 `width` tall,
/// centred on `center`. 15-30 draw items (fewer when not `detailed`).
enum CastleShape {
    static let wall = Color(hex: 0xE6D3FF)
    static let tower = Color(hex: 0xC9A7F5)
    static let roof = Color(hex: 0xF759AB)
    static let door = Color(hex: 0x391085)
    static let window = Color(hex: 0xFFE58F)

    /// - Parameter flagWave: -1...1, how far the flag's tip swings.
    static func draw(in canvas: Canvas, center c: Point, width u: Double, flagWave: Double, detailed: Bool) {
        canvas.withState(transform: .translation(c.x, c.y)) {
            // Towers: (centre x, width, top); roofs are diamonds stretched up, their lower
            // halves hidden behind the tower drawn after them.
            let towers: [(x: Double, w: Double, top: Double)] = [
                (-0.38 * u, 0.18 * u, -0.16 * u), (0.38 * u, 0.18 * u, -0.16 * u), (0, 0.32 * u, -0.3 * u),
            ]
            for t in towers {
                let side = t.w / 1.4142
                canvas.withState(
                    transform: Transform.rotation(.pi / 4).then(.scale(1.08, 2.1))
                        .then(.translation(t.x, t.top))
                ) {
                    canvas.fillRect(Rect(x: -side / 2, y: -side / 2, width: side, height: side), roof)
                }
            }
            let base = 0.44 * u
            canvas.fillRect(Rect(x: -0.38 * u, y: 0.02 * u, width: 0.76 * u, height: base - 0.02 * u), wall)
            if detailed {
                for m in [-0.27, -0.2, 0.15, 0.22] {
                    canvas.fillRect(Rect(x: m * u, y: -0.03 * u, width: 0.05 * u, height: 0.06 * u), wall)
                }
            }
            for t in towers {
                canvas.fillRect(Rect(x: t.x - t.w / 2, y: t.top, width: t.w, height: base - t.top), tower)
            }
            canvas.fillRoundedRect(
                Rect(x: -0.08 * u, y: 0.22 * u, width: 0.16 * u, height: 0.22 * u),
                radius: 0.08 * u, door)
            if detailed {
                for t in towers {
                    canvas.fillRoundedRect(
                        Rect(x: t.x - 0.03 * u, y: t.top + 0.08 * u, width: 0.06 * u, height: 0.1 * u),
                        radius: 0.03 * u, window)
                }
                canvas.fillCircle(center: Point(x: 0, y: -0.1 * u), radius: 0.05 * u, window)
                // The flag on the keep's roof.
                let keep = towers[2]
                let tip = Point(x: 0, y: keep.top - 1.05 * keep.w)
                canvas.line(from: tip, to: Point(x: 0, y: tip.y - 0.14 * u), width: max(2, 0.012 * u), door)
                let flagWidth = 0.13 * u * (0.8 + 0.2 * flagWave)
                canvas.fillRect(Rect(x: 0, y: tip.y - 0.14 * u, width: flagWidth, height: 0.06 * u), roof)
            }
        }
    }
}
