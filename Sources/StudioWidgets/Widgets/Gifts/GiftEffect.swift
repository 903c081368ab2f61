import Foundation
import StudioDomain
import StudioKit

/// One full-screen gift animation: a rocket launch, a castle rising in a glow, or a
/// fireworks show (any other gift). Everything random (particles, bursts) is drawn once when
/// it starts, from the widget's seeded generator; its look at any age is then a pure
/// function of the age.
struct GiftEffect {
    enum Kind: String, Hashable, Sendable { case rocket, castle, fireworks }

    /// A dot, spark, puff or scrap whose path is a function of time since `delay`.
    struct Particle: Hashable, Sendable {
        var origin: Point
        var velocity: Point
        var delay: Double
        var life: Double
        var size: Double
        var color: Color
        /// Twinkle or sway phase, or spin rate (radians per second) for confetti.
        var phase: Double
    }

    /// A firework: a shell rises to `origin`, bursts at `time` into `sparks`.
    struct Burst: Hashable, Sendable {
        var origin: Point
        var time: Double
        var color: Color
        var sparks: [Particle]
    }

    let kind: Kind
    let message: GiftMessage
    let duration: Double
    let viewport: Size
    let title: String
    let titleWidth: Double
    var smoke: [Particle] = []
    var sparkles: [Particle] = []
    var confetti: [Particle] = []
    var bursts: [Burst] = []

    static let titleFont = FontSpec.bold(34)
    static let colors: [Color] = Palette.hearts + [Palette.gold, .white]

    static func kind(of gift: Gift) -> Kind {
        switch gift.id {
        case "rocket": .rocket
        case "castle": .castle
        default: .fireworks
        }
    }

    init(
        message: GiftMessage, duration: Double, viewport: Size, measurer: TextMeasurer,
        random: inout SeededRandom
    ) {
        self.message = message
        self.duration = duration
        self.viewport = viewport
        kind = Self.kind(of: message.gift)
        // The title fits its pill, and the pill the screen with a margin: a long sender's
        // name is cut first, so "sent Rocket" still reads, then the whole line.
        let suffix = " sent \(message.gift.name)" + (message.count > 1 ? " ×\(message.count)" : "")
        let room = max(0, viewport.width - 2 * Self.titleMargin - (Self.titlePadding * 2))
        let nameRoom = max(room / 4, room - measurer.measure(suffix, font: Self.titleFont).width)
        let name = measurer.fitting(message.sender, font: Self.titleFont, maxWidth: nameRoom)
        title = measurer.fitting(name + suffix, font: Self.titleFont, maxWidth: room)
        titleWidth = measurer.measure(title, font: Self.titleFont).width
        switch kind {
        case .rocket: makeRocket(&random)
        case .castle: makeCastle(&random)
        case .fireworks: makeFireworks(&random)
        }
    }

    /// 0 → 1 over the first 0.3 s, 1 → 0 over the last 0.4 s.
    func envelope(_ t: Double) -> Double { max(0, min(1, t / 0.3, (duration - t) / 0.4)) }

    /// About 150-250 draw items, depending on the kind and the moment.
    /// - Parameter titleY: where the title's pill is centred (`titleCentre(keepingOutOf:)`).
    func draw(in canvas: Canvas, age t: Double, titleY: Double = GiftEffect.titleY) {
        let e = envelope(t)
        guard e > 0 else { return }
        canvas.fillRect(Rect(origin: .zero, size: viewport), Color(r: 8, g: 4, b: 24, a: 255).withAlpha(0.35 * e))
        switch kind {
        case .rocket: drawRocket(in: canvas, t: t, e: e)
        case .castle: drawCastle(in: canvas, t: t, e: e)
        case .fireworks: drawFireworks(in: canvas, t: t, e: e)
        }
        drawTitle(in: canvas, t: t, e: e, y: titleY)
    }

    // MARK: Shared pieces

    /// "Leo sent Rocket" in a gold-edged pill that pops in near the top, centred at `y`.
    private func drawTitle(in canvas: Canvas, t: Double, e: Double, y: Double) {
        let p = (t - 0.15) / 0.35
        guard p > 0 else { return }
        let k = Self.easeOutBack(min(1, p))
        let w = titleSize.width, h = titleSize.height
        let center = Point(x: viewport.width / 2, y: y)
        let pop = Transform.scale(k, k).then(.translation(center.x, center.y))
        let pill = Rect(x: -w / 2, y: -h / 2, width: w, height: h)
        // The pill is whole whenever the title can be read (it comes and goes three times
        // faster), so nothing under it shows through the words.
        canvas.withState(transform: pop, alpha: min(1, 3 * e)) {
            canvas.fillRoundedRect(pill, radius: h / 2, Color(hex: 0x2B1055).withAlpha(0.92))
        }
        canvas.withState(transform: pop, alpha: e) {
            canvas.stroke(.roundedRect(pill, radius: h / 2), Palette.gold, width: 3)
            canvas.text(title, font: Self.titleFont, color: Palette.gold, at: Point(x: 0, y: -21), alignment: .center)
        }
    }

    /// Where the title's pill is centred in a room that keeps nothing clear.
    static let titleY = 250.0

    /// The space between the title's pill and each side of the screen, and between the
    /// pill's edge and the text.
    static let titleMargin = 16.0
    static let titlePadding = 28.0

    /// The title's pill at its largest.
    var titleSize: Size { Size(width: titleWidth + 2 * Self.titlePadding, height: 64) }

    /// Where the title's pill is centred: `titleY`, or the nearest place to it that keeps out
    /// of `clear` (paid cards, score bars, controls, banners), between the top bar and the
    /// screen's middle; `titleY` when the room has no such place.
    func titleCentre(keepingOutOf clear: [Rect]) -> Double {
        let size = titleSize
        let top = OverlayPlacement.top(
            for: size, x: (viewport.width - size.width) / 2, preferred: Self.titleY - size.height / 2,
            highest: 120, lowest: viewport.height / 2, margin: 4, clear: clear)
        return top.map { $0 + size.height / 2 } ?? Self.titleY
    }

    /// A four-pointed star: two crossed bars. Two draw items.
    static func sparkle(_ canvas: Canvas, at c: Point, size s: Double, _ color: Color) {
        let w = max(1.5, s * 0.16)
        canvas.line(from: Point(x: c.x - s / 2, y: c.y), to: Point(x: c.x + s / 2, y: c.y), width: w, color)
        canvas.line(from: Point(x: c.x, y: c.y - s / 2), to: Point(x: c.x, y: c.y + s / 2), width: w, color)
    }

    /// Sparkles that twinkle where they are (`phase`) and drift with `velocity`.
    func drawSparkles(in canvas: Canvas, t: Double, e: Double) {
        for s in sparkles {
            let age = t - s.delay
            guard age > 0, age < s.life else { continue }
            let twinkle = 0.5 + 0.5 * sin(age * 9 + s.phase)
            let fade = min(1, age / 0.2, (s.life - age) / 0.3)
            let a = e * twinkle * fade
            guard a > 0.02 else { continue }
            let c = Point(x: s.origin.x + s.velocity.x * age, y: s.origin.y + s.velocity.y * age)
            Self.sparkle(canvas, at: c, size: s.size * (0.7 + 0.3 * twinkle), s.color.withAlpha(a))
        }
    }

    /// Sparkles scattered over `area`, each living `life` seconds from a random start.
    static func scatterSparkles(
        _ n: Int, in area: Rect, drift: ClosedRange<Double>, life: ClosedRange<Double>,
        until end: Double, _ random: inout SeededRandom
    ) -> [Particle] {
        (0..<n).map { _ in
            Particle(
                origin: Point(x: random.double(in: area.minX...area.maxX), y: random.double(in: area.minY...area.maxY)),
                velocity: Point(x: random.double(in: -10...10), y: random.double(in: drift)),
                delay: random.double(in: 0...max(0, end - life.lowerBound)),
                life: random.double(in: life), size: random.double(in: 14...30),
                color: random.pick(colors), phase: random.double(in: 0...(2 * .pi)))
        }
    }

    /// A firework bursting at `origin` at `time`: 28 sparks in a ring.
    static func makeBurst(at origin: Point, time: Double, _ random: inout SeededRandom) -> Burst {
        let color = random.pick(colors)
        let n = 28
        let sparks = (0..<n).map { k -> Particle in
            let angle = Double(k) * 2 * .pi / Double(n) + random.double(in: -0.08...0.08)
            let speed = random.double(in: 220...330)
            return Particle(
                origin: origin, velocity: Point(x: cos(angle) * speed, y: sin(angle) * speed),
                delay: time, life: random.double(in: 1.0...1.3), size: random.double(in: 3.5...5.5),
                color: random.unit() < 0.25 ? .white : color, phase: 0)
        }
        return Burst(origin: origin, time: time, color: color, sparks: sparks)
    }

    /// The shell rising from the bottom, the flash, then sparks slowing (drag) and falling
    /// (gravity), each a short trail. About 30 draw items per burst in flight.
    func drawBursts(in canvas: Canvas, t: Double, e: Double) {
        for burst in bursts {
            let tau = t - burst.time
            if tau < 0 {
                guard tau > -0.45 else { continue }
                let p = -tau / 0.45
                let y = burst.origin.y + (viewport.height + 40 - burst.origin.y) * p * p
                canvas.line(
                    from: Point(x: burst.origin.x, y: y), to: Point(x: burst.origin.x, y: y + 40), width: 4,
                    burst.color.withAlpha(0.5 * e))
                canvas.fillCircle(center: Point(x: burst.origin.x, y: y), radius: 5, Color.white.withAlpha(e))
                continue
            }
            if tau < 0.18 {
                canvas.fillCircle(center: burst.origin, radius: 30 + 300 * tau, burst.color.withAlpha(0.5 * e * (1 - tau / 0.18)))
            }
            for s in burst.sparks {
                guard tau < s.life else { continue }
                let a = e * pow(1 - tau / s.life, 1.3)
                let head = Self.sparkPosition(s, tau)
                let tail = Self.sparkPosition(s, max(0, tau - 0.08))
                canvas.line(from: tail, to: head, width: s.size, s.color.withAlpha(a))
            }
        }
    }

    static func sparkPosition(_ s: Particle, _ tau: Double) -> Point {
        let drag = 2.2
        let travel = (1 - exp(-drag * tau)) / drag
        return Point(x: s.origin.x + s.velocity.x * travel, y: s.origin.y + s.velocity.y * travel + 80 * tau * tau)
    }

    static func easeOutBack(_ t: Double) -> Double {
        let c1 = 1.70158, c3 = c1 + 1
        let u = t - 1
        return 1 + c3 * u * u * u + c1 * u * u
    }
}
