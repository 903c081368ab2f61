import Foundation
import StudioDomain
import StudioKit

/// The controls of a remote claw machine, kept in lite mode: a D-pad (left, right, forward,
/// back), a small view of the machine from above (the prizes and the claw) and a GRAB
/// button. A move steps the claw by `stepSize`; GRAB drops it, closes it and lifts it
/// (`ClawPhase`), then shows the result, announces `.clawGrabbed` and asks for a toast
/// ("You won a Bunny!" or "Missed! Try again").
///
/// Whether a grab wins is drawn from the studio's seeded `random` when GRAB is pressed
/// (`winChance`, 30% by default), so the same seed and the same taps give the same results.
package final class ClawPadWidget: Widget, CatalogWidget {
    package static let catalogName = "clawPad"
    package static let defaultLevel = Levels.clawPad

    package let winChance: Double
    /// Where the claw is over the machine's unit square, and where it is going.
    package private(set) var clawPosition = Point(x: 0.5, y: 0.5)
    package private(set) var clawTarget = Point(x: 0.5, y: 0.5)
    package private(set) var phase = ClawPhase.idle
    package private(set) var prizes: [ClawPrize] = []
    /// Steps the current drag has taken so far, per axis (see `handleDrag`).
    var dragSteps = Point.zero
    /// Results of the grabs so far, oldest first.
    package private(set) var results: [Bool] = []
    private var pendingWin = false
    /// The prize the claw carries up on a winning grab.
    private var carried: ClawPrize?
    var placement = FramePlacement()

    package static let stepSize = 0.125
    static let speed = 1.5
    static let limits = 0.1...0.9
    static let size = Size(width: 720, height: 240)
    static let padCenter = Point(x: 126, y: 120)
    static let padPitch = 68.0
    static let machine = Rect(x: 250, y: 12, width: 240, height: 216)
    static let grabCenter = Point(x: 606, y: 120)
    static let grabRadius = 80.0
    static let prizeKinds: [(String, Color)] = [
        ("Bunny", Color(hex: 0xFFB3C7)), ("Bear", Color(hex: 0xC68B59)), ("Duck", Color(hex: 0xFFD93D)),
        ("Frog", Color(hex: 0x7BD389)), ("Whale", Color(hex: 0x6CB4EE)),
    ]

    package init(level: Double = Levels.clawPad, winChance: Double = 0.3) {
        self.winChance = winChance
        super.init(name: "clawPad", level: level, frame: Rect(origin: Point(x: 0, y: 910), size: Self.size))
    }

    /// Options: `winChance` (0...1, default 0.3), `x`, `y`.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = ClawPadWidget(level: level, winChance: try options.double("winChance", default: 0.3, in: 0...1))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    package override func didLoad() {
        guard let context else { return }
        frame.origin = placement.origin(
            default: Point(
                x: (context.environment.viewport.width - Self.size.width) / 2,
                y: context.environment.viewport.height - 130 - Self.size.height))
        prizes = (0..<Self.prizeKinds.count).map { makePrize(kind: $0) }
    }

    private func makePrize(kind: Int) -> ClawPrize {
        let (name, color) = Self.prizeKinds[kind % Self.prizeKinds.count]
        let x = context?.environment.random.double(in: 0.12...0.88) ?? 0.5
        let y = context?.environment.random.double(in: 0.15...0.85) ?? 0.5
        return ClawPrize(name: name, position: Point(x: x, y: y), color: color)
    }

    /// The centre of `move`'s button in the widget's coordinates.
    package func center(of move: ClawMove) -> Point {
        let d = move.delta
        return Point(x: Self.padCenter.x + d.x * Self.padPitch, y: Self.padCenter.y + d.y * Self.padPitch)
    }

    package var grabCenter: Point { Self.grabCenter }

    package override func handleTap(at point: Point) -> Bool {
        if let move = ClawMove.allCases.first(where: { center(of: $0).distance(to: point) <= 38 }) {
            self.move(move)
            return true
        }
        if point.distance(to: Self.grabCenter) <= Self.grabRadius {
            grab()
            return true
        }
        // The machine view and the gaps take nothing: a tap there praises the host.
        return false
    }

    // MARK: Joystick
    // The pad is also a joystick: a finger sliding on it steers the claw, one step for every
    // `dragStep` points of travel along each axis. The drag is the pad's, so it never changes
    // the room or lite mode; outside the pad's bounds the room gesture works as in every room.

    /// Travel that steps the claw once: about the distance between two pad buttons.
    package static let dragStep = 36.0

    package override func dragAxes(at point: Point) -> DragAxes? { bounds.contains(point) ? .free : nil }

    package override func handleDrag(_ drag: DragInfo) {
        if drag.phase == .began { dragSteps = .zero }
        guard drag.phase == .began || drag.phase == .changed || drag.phase == .ended else { return }
        let wanted = Point(
            x: (drag.translation.x / Self.dragStep).rounded(.towardZero),
            y: (drag.translation.y / Self.dragStep).rounded(.towardZero))
        while dragSteps.x < wanted.x {
            move(.right)
            dragSteps.x += 1
        }
        while dragSteps.x > wanted.x {
            move(.left)
            dragSteps.x -= 1
        }
        while dragSteps.y < wanted.y {
            move(.back)
            dragSteps.y += 1
        }
        while dragSteps.y > wanted.y {
            move(.forward)
            dragSteps.y -= 1
        }
    }

    /// Steps the claw one `stepSize` (within the machine); ignored during a grab.
    package func move(_ move: ClawMove) {
        guard phase == .idle else { return }
        let d = move.delta
        clawTarget = Point(
            x: min(max(clawTarget.x + d.x * Self.stepSize, Self.limits.lowerBound), Self.limits.upperBound),
            y: min(max(clawTarget.y + d.y * Self.stepSize, Self.limits.lowerBound), Self.limits.upperBound))
    }

    /// Starts a grab; the result is decided now. Ignored during a grab.
    package func grab() {
        guard phase == .idle, let environment = context?.environment else { return }
        pendingWin = environment.random.unit() < winChance
        clawPosition = clawTarget
        phase = .dropping(age: 0)
    }

    package override func update(_ step: FrameStep) {
        let dt = step.dt
        switch phase {
        case .idle:
            let dx = clawTarget.x - clawPosition.x, dy = clawTarget.y - clawPosition.y
            let distance = (dx * dx + dy * dy).squareRoot()
            let travel = Self.speed * dt
            clawPosition =
                distance <= travel
                ? clawTarget
                : Point(x: clawPosition.x + dx / distance * travel, y: clawPosition.y + dy / distance * travel)
        case .dropping(let age):
            phase = age + dt >= ClawPhase.dropDuration ? .closing(age: 0) : .dropping(age: age + dt)
        case .closing(let age):
            if age + dt >= ClawPhase.closeDuration {
                phase = .rising(age: 0)
                if pendingWin, let i = nearestPrize() { carried = prizes.remove(at: i) }
            } else {
                phase = .closing(age: age + dt)
            }
        case .rising(let age):
            if age + dt >= ClawPhase.riseDuration { finishGrab() } else { phase = .rising(age: age + dt) }
        case .result(let won, let age):
            if age + dt >= ClawPhase.resultDuration {
                phase = .idle
                if let prize = carried {
                    carried = nil
                    // A new prize drops in for the one won.
                    let kind = Self.prizeKinds.firstIndex { $0.0 == prize.name } ?? 0
                    prizes.append(makePrize(kind: kind + 1))
                }
            } else {
                phase = .result(won: won, age: age + dt)
            }
        }
    }

    private func nearestPrize() -> Int? {
        prizes.indices.min { prizes[$0].position.distance(to: clawPosition) < prizes[$1].position.distance(to: clawPosition) }
    }

    private func finishGrab() {
        let won = carried != nil
        results.append(won)
        phase = .result(won: won, age: 0)
        publish(.clawGrabbed, won)
        publish(.toastRequested, carried.map { "You won a \($0.name)!" } ?? "Missed! Try again")
    }

    /// About 75 draw items per frame.
    package override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds.insetBy(dx: 12, dy: 0), radius: 28, Color.black.withAlpha(0.6))
        for move in ClawMove.allCases {
            let c = center(of: move)
            canvas.fillRoundedRect(Rect(x: c.x - 32, y: c.y - 32, width: 64, height: 64), radius: 16, Color.white.withAlpha(0.2))
            canvas.fillTriangle(center: c, size: 26, pointing: move.arrow, .white, strips: 8)
        }
        canvas.fillCircle(center: Self.padCenter, radius: 14, Color.white.withAlpha(0.25))
        drawMachine(canvas)
        let busy = phase != .idle
        let g = Self.grabCenter
        canvas.fillCircle(center: g, radius: Self.grabRadius, busy ? Color(hex: 0x6B6B78) : Color(hex: 0xC2123D))
        canvas.fillCircle(center: g, radius: Self.grabRadius - 8, busy ? Color(hex: 0x8A8A96) : Palette.brand)
        canvas.fillCircle(center: Point(x: g.x - 18, y: g.y - 24), radius: 22, Color.white.withAlpha(0.18))
        canvas.text("GRAB", font: .bold(36), color: .white, at: Point(x: g.x, y: g.y - 22), alignment: .center)
    }

    private func drawMachine(_ canvas: Canvas) {
        let m = Self.machine
        canvas.fillRoundedRect(m, radius: 18, Color(hex: 0x2A1140))
        canvas.stroke(.roundedRect(m, radius: 18), Color(hex: 0xFF7EB6), width: 4)
        let floor = m.insetBy(dx: 14, dy: 14)
        func place(_ p: Point) -> Point { Point(x: floor.minX + p.x * floor.width, y: floor.minY + p.y * floor.height) }
        canvas.withClip(floor) {
            canvas.fillRoundedRect(floor, radius: 10, Color(hex: 0x40205E))
            for prize in prizes { drawPrize(canvas, prize, at: place(prize.position), scale: 1) }
            let claw = place(clawPosition)
            // The gantry's rails cross where the claw hangs.
            canvas.fillRect(Rect(x: floor.minX, y: claw.y - 1.5, width: floor.width, height: 3), Color.white.withAlpha(0.35))
            canvas.fillRect(Rect(x: claw.x - 1.5, y: floor.minY, width: 3, height: floor.height), Color.white.withAlpha(0.35))
            // From above, a lower claw looks smaller; its shadow stays on the floor.
            let scale = 1 - 0.35 * phase.depth
            canvas.fillCircle(center: Point(x: claw.x + 6, y: claw.y + 8), radius: 22 * scale, Color.black.withAlpha(0.3))
            if let carried { drawPrize(canvas, carried, at: claw, scale: scale) }
            drawClaw(canvas, at: claw, scale: scale, closure: phase.closure)
        }
        if case .result(let won, _) = phase {
            let banner = Rect(x: m.minX + 20, y: m.midY - 24, width: m.width - 40, height: 48)
            canvas.fillRoundedRect(banner, radius: 24, won ? Color(hex: 0x20B486) : Color.black.withAlpha(0.7))
            canvas.text(
                won ? "WIN!" : "Missed", font: .bold(28), color: .white,
                at: Point(x: banner.midX, y: banner.minY + 8), alignment: .center)
        }
    }

    private func drawPrize(_ canvas: Canvas, _ prize: ClawPrize, at c: Point, scale s: Double) {
        canvas.fillCircle(center: Point(x: c.x - 11 * s, y: c.y - 13 * s), radius: 7 * s, prize.color)
        canvas.fillCircle(center: Point(x: c.x + 11 * s, y: c.y - 13 * s), radius: 7 * s, prize.color)
        canvas.fillCircle(center: c, radius: 16 * s, prize.color)
        canvas.fillCircle(center: Point(x: c.x, y: c.y + 4 * s), radius: 5 * s, Color.white.withAlpha(0.7))
    }

    /// Three prongs round a hub; `closure` turns them in.
    private func drawClaw(_ canvas: Canvas, at c: Point, scale s: Double, closure: Double) {
        let reach = (34 - 14 * closure) * s
        for k in 0..<3 {
            let a = Double(k) * 2 * .pi / 3 - .pi / 2
            let tip = Point(x: c.x + reach * cos(a), y: c.y + reach * sin(a))
            canvas.line(from: c, to: tip, width: 9 * s, Color(hex: 0x3A3F4A))
            canvas.line(from: c, to: tip, width: 5 * s, Color(hex: 0xE3E8F0))
            canvas.fillCircle(center: tip, radius: 5 * s, Palette.gold)
        }
        canvas.fillCircle(center: c, radius: 13 * s, Color(hex: 0x3A3F4A))
        canvas.fillCircle(center: c, radius: 10 * s, Color(hex: 0xE8ECF2))
        canvas.fillCircle(center: c, radius: 4 * s, Palette.brand)
    }
}
