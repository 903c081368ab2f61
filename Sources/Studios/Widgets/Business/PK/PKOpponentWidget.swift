import Foundation
import StudioKit

/// The opponent's video in a PK battle: over the right half of the main video (which stays
/// full screen underneath), a simulated camera feed in cool colours, club lights sweeping a
/// dark blue room and the opponent host in a cap and headphones, swaying, talking and
/// blinking; a name label at the top right and a bright seam along the middle of the
/// screen. All from step time, so frames repeat. Touches pass through.
public final class PKOpponentWidget: Widget, CatalogWidget {
    public static let catalogName = "pkOpponent"
    public static let defaultLevel = Levels.pkOpponent

    public let opponentName: String
    /// Seconds of the opponent's video played.
    public private(set) var playTime = 0.0
    var placement = FramePlacement()
    /// The height from `placement.y` down; 0 = to the bottom of the screen.
    var height = 0.0

    static let wallTop = Color(hex: 0x0A1633)
    static let wallBottom = Color(hex: 0x2B5DA8)
    static let lights = [Color(hex: 0x4CC9F0), Color(hex: 0xB5179E), Color(hex: 0x80FFDB)]
    static let skin = Color(hex: 0xE3B48F)
    static let hoodie = Color(hex: 0x1F2A44)
    static let cap = Color(hex: 0xF72585)

    public init(level: Double = Levels.pkOpponent, opponentName: String = DemoPeople.opponent) {
        self.opponentName = opponentName
        super.init(name: "pkOpponent", level: level,
                   frame: Rect(x: Size.studio.width / 2, y: 0, width: Size.studio.width / 2, height: Size.studio.height))
        isGesturePenetrate = true
        clipsToBounds = true
    }

    /// Options: `name` (the opponent, default "Kai"), `y` (top of the video, default 0) and
    /// `height` (0 = to the bottom), for a split that does not fill the screen.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = PKOpponentWidget(level: level, opponentName: try options.string("name", default: DemoPeople.opponent))
        let y = try options.double("y", default: 0, in: 0...4096)
        widget.placement = FramePlacement(y: y)
        widget.height = try options.double("height", default: 0, in: 0...4096)
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        let origin = placement.origin(default: Point(x: viewport.width / 2, y: 0))
        frame = Rect(x: viewport.width / 2, y: origin.y, width: viewport.width / 2,
                     height: height > 0 ? height : max(0, viewport.height - origin.y))
    }

    public override func update(_ step: FrameStep) { playTime += step.dt }

    /// About 45 draw items per frame.
    public override func draw(in canvas: Canvas) {
        let w = bounds.width, h = bounds.height, t = playTime
        canvas.fillVerticalGradient(bounds, top: Self.wallTop, bottom: Self.wallBottom, bands: 20)
        drawLights(canvas, w, h, t)
        drawHost(canvas, w, h, t)
        canvas.fillVerticalGradient(Rect(x: 0, y: h * 0.62, width: w, height: h * 0.38),
                                    top: .clear, bottom: Color.black.withAlpha(0.55), bands: 6)
        // The seam between the two videos.
        canvas.fillRect(Rect(x: 0, y: 0, width: 3, height: h), Color.white.withAlpha(0.75))
        let font = FontSpec.bold(24)
        let label = canvas.measure(opponentName, font: font).width + 46
        let pill = Rect(x: w - 16 - label, y: min(316, h * 0.3), width: label, height: 42)
        canvas.fillRoundedRect(pill, radius: 21, Palette.panel)
        canvas.fillCircle(center: Point(x: pill.minX + 20, y: pill.midY), radius: 7, PKBarWidget.blue)
        canvas.text(opponentName, font: font, color: .white, at: Point(x: pill.minX + 34, y: pill.minY + 7))
    }

    /// Three beams swinging from the ceiling and a few soft dots of light.
    private func drawLights(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        for (i, color) in Self.lights.enumerated() {
            let d = Double(i)
            let angle = 0.5 * sin(t * (0.5 + 0.2 * d) + d * 2)
            canvas.withState(transform: Transform.rotation(angle).then(.translation(w * (0.2 + 0.3 * d), 0))) {
                canvas.fillRect(Rect(x: -w * 0.06, y: 0, width: w * 0.12, height: h * 0.8), color.withAlpha(0.12))
            }
        }
        for i in 0..<5 {
            let d = Double(i)
            let center = Point(x: w * fraction(d * 0.41 + t * 0.015), y: h * (0.15 + 0.12 * d))
            canvas.fillCircle(center: center, radius: 14 + 6 * Double(i % 3), Self.lights[i % 3].withAlpha(0.22))
        }
    }

    private func drawHost(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        let r = w * 0.17
        let head = Point(x: w / 2 + w * 0.04 * sin(t * 1.1), y: h * 0.42 + 8 * sin(t * 1.9))
        // Hoodie, neck, head.
        canvas.fillRoundedRect(Rect(x: head.x - w * 0.4, y: head.y + r * 1.35, width: w * 0.8, height: h),
                               radius: w * 0.16, Self.hoodie)
        canvas.fillRoundedRect(Rect(x: head.x - r * 0.5, y: head.y + r * 1.2, width: r, height: r * 0.5),
                               radius: r * 0.25, Self.hoodie.mixed(with: .white, 0.2))
        canvas.fillRect(Rect(x: head.x - r * 0.32, y: head.y + r * 0.6, width: r * 0.64, height: r * 0.8),
                        Self.skin.mixed(with: .black, 0.15))
        canvas.fillCircle(center: head, radius: r, Self.skin)
        // Cap: crown and a brim turned to the side.
        canvas.fillRoundedRect(Rect(x: head.x - r * 1.02, y: head.y - r * 1.08, width: r * 2.04, height: r * 0.8),
                               radius: r * 0.4, Self.cap)
        canvas.fillRoundedRect(Rect(x: head.x + r * 0.3, y: head.y - r * 0.5, width: r * 1.1, height: r * 0.22),
                               radius: r * 0.11, Self.cap.mixed(with: .black, 0.25))
        // Headphones: cups on both sides and the band over the cap.
        for side in [-1.0, 1.0] {
            canvas.fillRoundedRect(Rect(x: head.x + side * r * 1.02 - r * 0.2, y: head.y - r * 0.2, width: r * 0.4,
                                        height: r * 0.6), radius: r * 0.18, Color(hex: 0x111111))
        }
        canvas.fillRect(Rect(x: head.x - r * 1.02, y: head.y - r * 0.72, width: r * 2.04, height: r * 0.12),
                        Color(hex: 0x111111))
        // Eyes blink every 2.7 s; the mouth moves while talking.
        let blinking = fraction(t / 2.7) > 0.95
        for side in [-1.0, 1.0] {
            let eye = Point(x: head.x + side * r * 0.36, y: head.y + r * 0.08)
            if blinking {
                canvas.fillRect(Rect(x: eye.x - r * 0.1, y: eye.y - 1.5, width: r * 0.2, height: 3), Color(hex: 0x1A1A1A))
            } else {
                canvas.fillCircle(center: eye, radius: r * 0.09, Color(hex: 0x1A1A1A))
            }
        }
        let open = max(0, sin(t * 9.5) * sin(t * 1.7))
        let mouth = r * (0.06 + 0.18 * open)
        canvas.fillRoundedRect(Rect(x: head.x - r * 0.18, y: head.y + r * 0.5 - mouth / 2, width: r * 0.36, height: mouth),
                               radius: mouth / 2, Color(hex: 0x7A2233))
    }
}
