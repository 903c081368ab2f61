import Foundation
import StudioDomain
import StudioKit

/// The rocket: it shakes on the launch pad in a flash of light, then lifts off, faster and
/// faster, trailing a flickering flame and puffs of smoke, past streaks of speed, while
/// sparkles twinkle around.
extension GiftEffect {
    static let rocketHeight = 260.0
    static let liftOff = 0.5

    mutating func makeRocket(_ random: inout SeededRandom) {
        let n = 64
        smoke = (0..<n).map { i in
            // Puffs leave the nozzle all along the flight, each from where the nozzle was then.
            let born = 0.15 + Double(i) / Double(n) * (duration - 0.7) + random.double(in: 0...0.04)
            return Particle(
                origin: rocketNozzle(at: born),
                velocity: Point(x: random.double(in: -70...70), y: random.double(in: 30...130)),
                delay: born, life: random.double(in: 0.8...1.4), size: random.double(in: 12...22),
                color: random.pick([Color(hex: 0xFFFFFF), Color(hex: 0xE8E8F0), Color(hex: 0xFFD8A8)]),
                phase: random.double(in: 1.6...2.6))
        }
        sparkles = Self.scatterSparkles(
            36, in: Rect(x: 30, y: 120, width: viewport.width - 60, height: viewport.height - 300),
            drift: 20...60, life: 0.8...1.6, until: duration, &random)
    }

    /// The rocket's centre at time `t`: a shake on the pad, then an accelerating climb from
    /// below the middle to above the top, swaying a little.
    func rocketCenter(at t: Double) -> Point {
        let start = viewport.height - 220, end = -Self.rocketHeight
        let flight = max(0.1, duration - Self.liftOff - 0.3)
        let p = min(1, max(0, (t - Self.liftOff) / flight))
        let shake = t < Self.liftOff ? 3 * sin(t * 70) : 0
        return Point(
            x: viewport.width / 2 + shake + 26 * sin(t * 2.2) * p,
            y: start + (end - start) * p * p)
    }

    func rocketTilt(at t: Double) -> Double { 0.08 * sin(t * 2.2 + 0.6) * min(1, max(0, t - Self.liftOff)) }

    /// Where the flame comes out at time `t`.
    func rocketNozzle(at t: Double) -> Point {
        let c = rocketCenter(at: t), a = rocketTilt(at: t), d = Self.rocketHeight / 2
        return Point(x: c.x - sin(a) * d, y: c.y + cos(a) * d)
    }

    func drawRocket(in canvas: Canvas, t: Double, e: Double) {
        // The launch flash on the pad.
        if t < 0.9 {
            let p = t / 0.9
            canvas.fillCircle(
                center: Point(x: viewport.width / 2, y: viewport.height - 60), radius: 80 + 320 * p,
                Color(hex: 0xFFD666).withAlpha(0.45 * (1 - p) * e))
        }
        // Streaks of speed once the climb is fast.
        let climb = min(1, max(0, (t - Self.liftOff - 0.5) / 0.6))
        if climb > 0 {
            for k in 0..<8 {
                let x = 70 + Double(k) * (viewport.width - 140) / 7 + (k % 2 == 0 ? 0 : 30)
                let y = (t * 1500 + Double(k) * 260).truncatingRemainder(dividingBy: viewport.height + 300) - 150
                canvas.line(
                    from: Point(x: x, y: y), to: Point(x: x, y: y + 150), width: 3,
                    Color.white.withAlpha(0.25 * climb * e))
            }
        }
        drawSparkles(in: canvas, t: t, e: e)
        for s in smoke {
            let age = t - s.delay
            guard age > 0, age < s.life else { continue }
            let p = age / s.life
            let c = Point(x: s.origin.x + s.velocity.x * age, y: s.origin.y + s.velocity.y * age)
            canvas.fillCircle(center: c, radius: s.size * (1 + s.phase * p), s.color.withAlpha(0.55 * (1 - p) * e))
        }
        // The flame: three layers flickering, longer once flying.
        // It fades into the sky before it reaches the top bar's controls, so a badge or a
        // close button is never hidden under it while it still takes the finger.
        let top = rocketCenter(at: t).y - Self.rocketHeight / 2
        let e = e * min(1, max(0, (top - 60) / 160))
        guard e > 0 else { return }
        let nozzle = rocketNozzle(at: t), tilt = rocketTilt(at: t)
        let flying = t > Self.liftOff ? 1.0 : 0.55
        let flicker = 1 + 0.14 * sin(t * 47) + 0.08 * sin(t * 83)
        let length = Self.rocketHeight * 0.5 * flying * flicker
        canvas.withState(transform: Transform.rotation(tilt).then(.translation(nozzle.x, nozzle.y)), alpha: e) {
            let w = Self.rocketHeight * 0.3
            canvas.fillRoundedRect(Rect(x: -w / 2, y: -8, width: w, height: length), radius: w / 2, Color(hex: 0xFF7A45).withAlpha(0.85))
            canvas.fillRoundedRect(
                Rect(x: -w * 0.32, y: -6, width: w * 0.64, height: length * 0.72), radius: w * 0.32,
                Color(hex: 0xFFD666))
            canvas.fillRoundedRect(Rect(x: -w * 0.15, y: -4, width: w * 0.3, height: length * 0.4), radius: w * 0.15, .white)
        }
        canvas.withState(alpha: e) {
            RocketShape.draw(in: canvas, center: rocketCenter(at: t), height: Self.rocketHeight, tilt: tilt)
        }
    }
}
