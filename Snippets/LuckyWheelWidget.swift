import Foundation
import StudioKit
import Studios

/// A prize wheel: drag it round with a finger (it keeps the fling's spin and slows down), or
/// tap it for a spin. When it stops, the prize under the pointer at the top is announced as
/// `.prizeWon`, a typed event carrying a `Prize`, for whoever listens (the lucky-wheel studio
/// shows it).
///
/// Everything moves in simulated time from the frame step, so a scenario or a golden sees
/// the same wheel every run.
public final class LuckyWheelWidget: Widget, CatalogWidget {
    public static let catalogName = "luckyWheel"
    /// In the movable layer, so that lite mode clears it away with the other room widgets.
    public static let defaultLevel = 270.0

    /// The prizes, clockwise from the pointer at rest.
    public let prizes: [String]
    /// Radians clockwise from rest.
    public private(set) var angle = 0.0
    /// Radians per second, clockwise positive.
    public private(set) var spin = 0.0
    /// Spins finished so far.
    public private(set) var spins = 0
    private var dragAngle: Double?

    /// The spin a tap gives, in radians per second.
    static let tapSpin = 14.0
    /// Below this the wheel stops and the prize is read.
    static let stopSpin = 0.35
    static let colors = [Color(hex: 0xFE2C55), Color(hex: 0xFFB800), Color(hex: 0x25C26E), Color(hex: 0x2F7BFF)]
    static let labelFont = FontSpec.bold(22)

    public init(level: Double = LuckyWheelWidget.defaultLevel, frame: Rect, prizes: [String]) {
        self.prizes = prizes
        super.init(name: Self.catalogName, level: level, frame: frame)
    }

    /// Options: `x`, `y` and `size` (the wheel's square, in studio points) and `prizes`
    /// (2 to 12 short labels).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let size = try options.double("size", default: 280, in: 120...700)
        let x = try options.double("x", default: 720 - 20 - size, in: 0...(720 - size))
        let y = try options.double("y", default: 420, in: 0...(1280 - size))
        let prizes = try options.strings("prizes", default: ["10", "50", "100", "Gift", "5", "Heart", "500", "20"])
        guard (2...12).contains(prizes.count) else {
            throw options.error("prizes", "must list 2 to 12 prizes (got \(prizes.count))")
        }
        try options.finish()
        return LuckyWheelWidget(level: level, frame: Rect(x: x, y: y, width: size, height: size), prizes: prizes)
    }

    var radius: Double { min(frame.width, frame.height) / 2 }
    var hub: Point { Point(x: frame.width / 2, y: frame.height / 2) }
    var segment: Double { 2 * .pi / Double(prizes.count) }
    public var isSpinning: Bool { spin != 0 || dragAngle != nil }

    /// The prize under the pointer now: prize i's segment is centred `i` segments clockwise
    /// of the wheel's angle, so at rest the pointer sits on the middle of the first.
    public var prizeAtPointer: String {
        let turned = (-angle).truncatingRemainder(dividingBy: 2 * .pi)
        let index = Int(((turned < 0 ? turned + 2 * .pi : turned) / segment).rounded()) % prizes.count
        return prizes[index]
    }

    /// The disc only: a touch on the square's corners goes to what is below.
    public override func contains(_ point: Point) -> Bool { point.distance(to: hub) <= radius }

    public override func handleTap(at point: Point) -> Bool {
        guard contains(point) else { return false }
        if !isSpinning { spin = Self.tapSpin }
        return true
    }

    /// A drag that starts on the disc turns it, in any direction.
    public override func dragAxes(at point: Point) -> DragAxes? { contains(point) ? .free : nil }

    public override func handleDrag(_ drag: DragInfo) {
        let r = drag.location - hub
        let now = Self.bearing(of: r)
        switch drag.phase {
        case .began:
            spin = 0
            dragAngle = now
        case .changed:
            if let last = dragAngle { angle += Self.shortest(now - last) }
            dragAngle = now
        case .ended:
            if let last = dragAngle { angle += Self.shortest(now - last) }
            dragAngle = nil
            // The fling's angular speed: the velocity's turn around the hub.
            let r2 = max(r.x * r.x + r.y * r.y, 1)
            spin = (r.x * drag.velocity.y - r.y * drag.velocity.x) / r2
            if abs(spin) < Self.stopSpin { spin = 0 }
        case .cancelled, .failed, .possible:
            dragAngle = nil
        }
    }

    public override func update(_ step: FrameStep) {
        guard spin != 0, dragAngle == nil else { return }
        angle += spin * step.dt
        // Friction proportional to speed plus a constant drag, so that a hard fling spins a
        // few turns and a slow one stops soon.
        let slowed = spin * exp(-0.9 * step.dt)
        let decel = 1.2 * step.dt
        spin = abs(slowed) <= decel ? 0 : slowed - decel * (slowed > 0 ? 1 : -1)
        if abs(spin) < Self.stopSpin {
            spin = 0
            spins += 1
            publish(.prizeWon, Prize(name: prizeAtPointer, spin: spins))
        }
    }

    public override func draw(in canvas: Canvas) {
        let c = hub, r = radius
        canvas.fillCircle(center: c, radius: r, Color(hex: 0xF5C542))
        canvas.fillCircle(center: c, radius: r - 8, Color(hex: 0x26163F))
        for i in prizes.indices {
            let centre = angle + Double(i) * segment
            canvas.line(from: c, to: c + Self.direction(centre - segment / 2) * (r - 8), width: 3, Color(hex: 0xF5C542))
            let mid = c + Self.direction(centre) * (r * 0.64)
            canvas.fillCircle(center: mid, radius: r * 0.17, Self.colors[i % Self.colors.count])
            canvas.text(
                prizes[i], font: Self.labelFont, color: .white,
                at: Point(x: mid.x, y: mid.y - Self.labelFont.size * 0.6), alignment: .center)
        }
        // The hub is the package's own image, `Assets/images/lucky-coin.png`.
        let hubSide = r * 0.44
        canvas.image(ImageRef("lucky-coin"), in: Rect(x: c.x - hubSide / 2, y: c.y - hubSide / 2, width: hubSide, height: hubSide))
        canvas.text(
            "GO", font: .bold(r * 0.14), color: Color(hex: 0x26163F),
            at: Point(x: c.x, y: c.y - r * 0.085), alignment: .center)
        // The pointer at the top.
        canvas.fillRoundedRect(Rect(x: c.x - 7, y: -6, width: 14, height: 34), radius: 7, .white)
        canvas.fillCircle(center: Point(x: c.x, y: 22), radius: 8, Color(hex: 0xFE2C55))
    }

    /// Radians clockwise from straight up, for a vector in screen coordinates (y down).
    static func bearing(of v: Point) -> Double { atan2(v.x, -v.y) }

    static func direction(_ bearing: Double) -> Point { Point(x: sin(bearing), y: -cos(bearing)) }

    /// `a` brought into (-π, π]: the short way round.
    static func shortest(_ a: Double) -> Double {
        var a = a.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi } else if a <= -.pi { a += 2 * .pi }
        return a
    }
}

// snippet.prize
/// What the wheel stopped on.
public struct Prize: Hashable, Sendable {
    /// The prize's label on the wheel.
    public var name: String
    /// Which spin of the wheel won it, from 1.
    public var spin: Int
}

extension EventKey where Payload == Prize {
    /// The wheel stopped on a prize.
    public static let prizeWon = EventKey("luckyWheel.prizeWon")
}
// snippet.end
