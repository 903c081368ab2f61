import Foundation
import StudioDomain
import StudioKit

/// The fireworks show (any full-screen gift without a scene of its own): shells rise and
/// burst over the room, confetti tumbles down, and the gift itself pops up big in the middle.
extension GiftEffect {
    mutating func makeFireworks(_ random: inout SeededRandom) {
        let last = max(0.2, duration - 1.4)
        bursts = (0..<5).map { k in
            let time = 0.25 + Double(k) / 4 * (last - 0.25) + random.double(in: -0.1...0.1)
            let origin = Point(x: random.double(in: 120...(viewport.width - 120)), y: random.double(in: 300...720))
            return Self.makeBurst(at: origin, time: max(0.2, time), &random)
        }
        confetti = (0..<44).map { _ in
            Particle(
                origin: Point(x: random.double(in: 0...viewport.width), y: -random.double(in: 20...260)),
                velocity: Point(x: random.double(in: 18...40), y: random.double(in: 160...280)),
                delay: random.double(in: 0...0.8), life: duration, size: random.double(in: 10...16),
                color: random.pick(Self.colors), phase: random.double(in: -6...6))
        }
    }

    func drawFireworks(in canvas: Canvas, t: Double, e: Double) {
        drawBursts(in: canvas, t: t, e: e)
        // The gift, popping up big and bobbing.
        let p = min(1, max(0, (t - 0.2) / 0.45))
        if p > 0 {
            let k = Self.easeOutBack(p)
            let c = Point(x: viewport.width / 2, y: viewport.height * 0.55 + 10 * sin(t * 3))
            canvas.fillCircle(center: c, radius: 150 * k, Palette.gold.withAlpha(0.18 * e))
            canvas.withState(
                transform: Transform.translation(-c.x, -c.y).then(.scale(k, k)).then(.translation(c.x, c.y)),
                alpha: e
            ) {
                GiftGlyph(message.gift).draw(in: canvas, center: c, size: 220)
            }
        }
        for c in confetti {
            let age = t - c.delay
            guard age > 0 else { continue }
            let x = c.origin.x + c.velocity.x * sin(age * 2.5 + c.phase), y = c.origin.y + c.velocity.y * age
            guard y < viewport.height + 20 else { continue }
            let spin = Transform.rotation(c.phase * age).then(.scale(1, 0.4 + 0.6 * abs(sin(age * 4 + c.phase))))
            canvas.withState(transform: spin.then(.translation(x, y)), alpha: e) {
                canvas.fillRect(Rect(x: -c.size / 2, y: -c.size * 0.3, width: c.size, height: c.size * 0.6), c.color)
            }
        }
    }
}
