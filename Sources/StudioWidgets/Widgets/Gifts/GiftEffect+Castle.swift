import Foundation
import StudioDomain
import StudioKit

/// The castle: rays of light turn behind a pulsing glow, the castle springs up from below
/// with its flag waving, fireworks burst behind it, glitter rises around it and stars
/// circle it.
extension GiftEffect {
    static let castleWidth = 420.0

    mutating func makeCastle(_ random: inout SeededRandom) {
        let center = castleAnchor
        sparkles = (0..<54).map { _ in
            Particle(
                origin: Point(x: center.x + random.double(in: -300...300), y: center.y + random.double(in: 60...320)),
                velocity: Point(x: random.double(in: -15...15), y: -random.double(in: 70...190)),
                delay: random.double(in: 0.3...(max(0.4, duration - 1.0))), life: random.double(in: 0.9...1.6),
                size: random.double(in: 12...26), color: random.pick([Palette.gold, .white, Color(hex: 0xFF85C0)]),
                phase: random.double(in: 0...(2 * .pi)))
        }
        bursts = [
            Self.makeBurst(at: Point(x: 170, y: 420), time: 0.8, &random),
            Self.makeBurst(at: Point(x: viewport.width - 160, y: 380), time: 1.3, &random),
            Self.makeBurst(at: Point(x: viewport.width / 2 + 30, y: 330), time: min(duration - 1.2, 1.9), &random),
        ]
    }

    /// The middle of the castle once it has risen.
    var castleAnchor: Point { Point(x: viewport.width / 2, y: viewport.height * 0.56) }

    func drawCastle(in canvas: Canvas, t: Double, e: Double) {
        let anchor = castleAnchor
        let rise = min(1, t / 0.7)
        let k = Self.easeOutBack(rise)
        let center = Point(x: anchor.x, y: anchor.y + 260 * (1 - k))
        // Rays turning slowly behind everything.
        for r in 0..<12 {
            let angle = Double(r) * .pi / 6 + t * 0.35
            let end = Point(x: anchor.x + cos(angle) * 620, y: anchor.y + sin(angle) * 620)
            canvas.line(from: anchor, to: end, width: 34, Palette.gold.withAlpha(0.09 * e * rise))
        }
        // The glow: rings that breathe.
        let breathe = 1 + 0.04 * sin(t * 5)
        let rings: [(Double, Color, Double)] = [
            (330, Color(hex: 0xB37FEB), 0.14), (250, Color(hex: 0xFF85C0), 0.16),
            (175, Palette.gold, 0.2), (105, .white, 0.2),
        ]
        for (radius, color, a) in rings {
            canvas.fillCircle(
                center: Point(x: anchor.x, y: anchor.y - 40), radius: radius * breathe * k,
                color.withAlpha(a * e))
        }
        drawBursts(in: canvas, t: t, e: e)
        canvas.withState(alpha: e) {
            let scale = 0.6 + 0.4 * k
            canvas.withState(
                transform: Transform.translation(-center.x, -center.y).then(.scale(scale, scale))
                    .then(.translation(center.x, center.y))
            ) {
                CastleShape.draw(in: canvas, center: center, width: Self.castleWidth, flagWave: sin(t * 7), detailed: true)
            }
        }
        drawSparkles(in: canvas, t: t, e: e)
        // Stars circling the castle.
        for s in 0..<8 {
            let angle = Double(s) * .pi / 4 + t * 1.3
            let p = Point(x: anchor.x + cos(angle) * 250, y: anchor.y - 40 + sin(angle) * 90)
            Self.sparkle(canvas, at: p, size: 26 + 8 * sin(t * 6 + Double(s)), Color.white.withAlpha(0.9 * e * rise))
        }
    }
}
