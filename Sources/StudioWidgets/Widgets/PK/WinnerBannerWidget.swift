import Foundation
import StudioDomain
import StudioKit

/// The end of a PK round, over the room: a "WIN" and a "LOSE" badge over the two halves of
/// the split video and a big "Victory!" ribbon naming the winner ("Draw!" and two "DRAW"
/// badges when level), with confetti. Shown for `duration` seconds when `.pkEnded` arrives
/// (payload `.int`: -1 left won, 1 right won, 0 draw); it pops in and fades out. Touches
/// pass through.
package final class WinnerBannerWidget: Widget, CatalogWidget {
    package static let catalogName = "winnerBanner"
    package static let defaultLevel = Levels.winnerBanner

    /// The outcome shown, nil when no banner shows.
    package private(set) var result: PKOutcome?
    /// Seconds a banner stays, fades included.
    package let duration: Double
    /// The right side's name (the left is this room's host).
    package let opponentName: String
    private var hostName = "Host"
    private var age = 0.0

    static let popDuration = 0.35
    static let fadeDuration = 0.4

    package init(level: Double = Levels.winnerBanner, duration: Double = 3.5, opponentName: String = DemoPeople.opponent) {
        self.duration = duration
        self.opponentName = opponentName
        super.init(name: "winnerBanner", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
    }

    /// Options: `duration` (seconds, 1...30, default 3.5), `opponent` (the right side's name).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = WinnerBannerWidget(
            level: level,
            duration: try options.double("duration", default: 3.5, in: 1...30),
            opponentName: try options.string("opponent", default: DemoPeople.opponent))
        try options.finish()
        return widget
    }

    package override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        hostName = context.room.hostName
        listen(to: .pkEnded) { $0.show($1) }
    }

    /// Shows the banner for `outcome`, now.
    package func show(_ outcome: PKOutcome) {
        result = outcome
        age = 0
    }

    /// The ribbon's title and subtitle for the current result.
    package var texts: (title: String, subtitle: String)? {
        guard let result else { return nil }
        switch result {
        case .hostWon: return ("Victory!", "\(hostName) wins the PK")
        case .opponentWon: return ("Victory!", "\(opponentName) wins the PK")
        case .draw: return ("Draw!", "Evenly matched")
        }
    }

    package override func update(_ step: FrameStep) {
        guard result != nil else { return }
        age += step.dt
        if age >= duration { result = nil }
    }

    /// About 40 draw items while shown.
    package override func draw(in canvas: Canvas) {
        guard let result, let texts else { return }
        let opacity = min(1, max(0, (duration - age) / Self.fadeDuration))
        // Pop: overshoots to 110% and settles, an ease-out-back.
        let t = min(1, age / Self.popDuration)
        let scale = 1 + 2.2 * pow(t - 1, 3) + 1.2 * pow(t - 1, 2)
        let w = bounds.width
        canvas.withState(alpha: opacity) {
            drawConfetti(canvas)
            for side in [PKOutcome.hostWon, .opponentWon] {
                let center = Point(x: side == .hostWon ? w * 0.25 : w * 0.75, y: 410)
                let label = result == .draw ? "DRAW" : (side == result ? "WIN" : "LOSE")
                drawBadge(canvas, label, center: center, scale: scale, won: side == result)
            }
            let c = Point(x: w / 2, y: 620)
            canvas.withState(transform: Transform.scale(scale, scale).then(.translation(c.x, c.y))) {
                let ribbon = Rect(x: -280, y: -96, width: 560, height: 192)
                let edge = result == .draw ? Color(hex: 0x5B6B8C) : Color(hex: 0xFF7A00)
                let face = result == .draw ? Color(hex: 0x8C9BB8) : Palette.gold
                canvas.fillRoundedRect(ribbon.insetBy(dx: -10, dy: -10), radius: 40, edge)
                canvas.fillRoundedRect(ribbon, radius: 32, face)
                canvas.fillRoundedRect(
                    Rect(x: ribbon.minX + 16, y: ribbon.minY + 10, width: ribbon.width - 32, height: 56),
                    radius: 24, Color.white.withAlpha(0.3))
                canvas.text(
                    texts.title, font: FontSpec.bold(76).silhouette, color: Color.black.withAlpha(0.25), at: Point(x: 3, y: -80),
                    alignment: .center)
                canvas.text(texts.title, font: .bold(76), color: .white, at: Point(x: 0, y: -84), alignment: .center)
                canvas.text(
                    texts.subtitle, font: .bold(30), color: Color(hex: 0x4A2A00), at: Point(x: 0, y: 24),
                    alignment: .center)
            }
        }
    }

    private func drawBadge(_ canvas: Canvas, _ label: String, center c: Point, scale: Double, won: Bool) {
        canvas.withState(transform: Transform.scale(scale, scale).then(.translation(c.x, c.y))) {
            let ring = won ? Palette.gold : Color(hex: 0x9AA3B2)
            canvas.fillCircle(center: .zero, radius: 78, ring.withAlpha(0.35))
            canvas.fillCircle(center: .zero, radius: 64, ring)
            canvas.fillCircle(center: .zero, radius: 54, won ? Color(hex: 0xFF8A00) : Color(hex: 0x5F6878))
            canvas.text(
                label, font: .bold(label.count > 3 ? 34 : 42), color: .white, at: Point(x: 0, y: -26),
                alignment: .center)
        }
    }

    /// Twenty pieces falling and turning; positions are a function of age and index only.
    private func drawConfetti(_ canvas: Canvas) {
        let w = bounds.width
        for i in 0..<20 {
            let d = Double(i)
            let x = w * fraction(d * 0.618 + 0.05) + 30 * sin(age * 3 + d)
            let y = 300 + age * (160 + 40 * Double(i % 4)) + 50 * fraction(d * 0.377)
            let color = Palette.hearts[i % Palette.hearts.count]
            canvas.withState(transform: Transform.rotation(age * (2 + d * 0.3) + d).then(.translation(x, y))) {
                canvas.fillRect(Rect(x: -7, y: -4, width: 14, height: 8), color)
            }
        }
    }
}
