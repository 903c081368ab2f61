import Foundation
import StudioDomain
import StudioKit

/// The picture of the simulated camera feed at a given time: a room with a drifting light,
/// bokeh and a swaying, talking, blinking host, plus the stream's on-screen clock. A pure
/// function of (look, size, time), so frames repeat exactly.
struct VideoScene {
    var look: VideoLook
    var label: VideoLabel = .live
    /// Seconds the live clock shows (the studio's live timer); nil: the play time.
    var clock: Double?
    /// Whether the corner badge (LIVE and the clock) shows; a picture that is one of two
    /// side by side leaves the room's clock to the room.
    var showsBadge = true
    /// Where the corner badge's top-left goes in the picture: below the portrait page's host
    /// card for a full-screen picture, nearer the corner for a letterboxed or landscape one.
    var badgeOrigin = Point(x: 24, y: 164)
    /// The host's beauty effects on the picture (none for a viewer's room).
    var beauty = Beauty.none

    /// Frames per second of the simulated stream. A live stream runs at 30 (or fewer) while
    /// the page draws at 60, so the picture, and the clock burned into it, change every
    /// other page frame, as a player showing each decoded frame until the next one does.
    static let frameRate = 30.0

    /// The start of the stream frame showing at `time` (a hair of slack, so that a time
    /// summed from page steps that lands on a frame boundary counts as on it).
    static func frameStart(_ time: Double) -> Double {
        (time * frameRate + 1e-6).rounded(.down) / frameRate
    }

    /// Draws the stream frame showing at `time` seconds of play into a `size` picture at the
    /// origin.
    /// - Complexity: about 85 draw items.
    func draw(in canvas: Canvas, size: Size, time: Double) {
        let t = Self.frameStart(time)
        let w = size.width, h = size.height
        drawWall(canvas, w, h, t)
        drawBokeh(canvas, w, h, t)
        drawHost(canvas, w, h, t)
        drawDesk(canvas, w, h, t)
        drawLightSweep(canvas, w, h, t)
        drawFilter(canvas, w, h)
        drawOverlay(in: canvas, size: size, time: t)
    }

    /// What goes over any picture, drawn or decoded: shades at the top and the bottom, so the
    /// page's white text reads, and the corner badge.
    func drawOverlay(in canvas: Canvas, size: Size, time: Double) {
        let w = size.width, h = size.height
        canvas.fillVerticalGradient(
            Rect(x: 0, y: 0, width: w, height: h * 0.2),
            top: Color.black.withAlpha(0.45), bottom: .clear, bands: 8)
        canvas.fillVerticalGradient(
            Rect(x: 0, y: h * 0.6, width: w, height: h * 0.4),
            top: .clear, bottom: Color.black.withAlpha(0.55), bands: 8)
        if showsBadge { drawClock(canvas, time: clock.map(Self.frameStart) ?? Self.frameStart(time)) }
    }

    private func drawWall(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        // The wall: a gradient whose bands drift, so the light in the room seems to move.
        let bands = 32
        for i in 0..<bands {
            let u = Double(i) / Double(bands - 1)
            let shift = 0.08 * sin(t * 0.8 + u * 4)
            let color = look.wallTop.mixed(with: look.wallBottom, min(max(u + shift, 0), 1))
            let y0 = (h * Double(i) / Double(bands)).rounded(), y1 = (h * Double(i + 1) / Double(bands)).rounded()
            // Opaque bands overlap by a pixel so no seam shows when the frame is scaled.
            canvas.fillRect(Rect(x: 0, y: y0, width: w, height: y1 - y0 + 1), color)
        }
        // A window with the sun drifting across it.
        let window = Rect(x: w * 0.08, y: h * 0.14, width: w * 0.38, height: h * 0.22)
        canvas.fillRoundedRect(window.insetBy(dx: -8, dy: -8), radius: 14, Color.black.withAlpha(0.25))
        canvas.withClip(window) {
            canvas.fillVerticalGradient(
                window, top: look.accent.mixed(with: .white, 0.3),
                bottom: look.accent.mixed(with: look.wallBottom, 0.5), bands: 6)
            let phase = (t * 0.04).truncatingRemainder(dividingBy: 1)
            let sun = Point(
                x: window.minX + window.width * (phase * 1.4 - 0.2),
                y: window.minY + window.height * (0.45 - 0.2 * sin(phase * .pi)))
            canvas.fillCircle(center: sun, radius: window.height * 0.22, Color(hex: 0xFFF3C4).withAlpha(0.9))
        }
        canvas.fillRect(
            Rect(x: window.midX - 3, y: window.minY, width: 6, height: window.height),
            Color.black.withAlpha(0.3))
        // A shelf with a few things on it.
        let shelf = Rect(x: w * 0.6, y: h * 0.32, width: w * 0.34, height: 10)
        canvas.fillRect(shelf, Color.black.withAlpha(0.35))
        for k in 0..<4 {
            let bw = w * 0.045, bh = h * (0.035 + 0.012 * Double(k % 3))
            let x = shelf.minX + 12 + Double(k) * bw * 1.5
            canvas.fillRoundedRect(
                Rect(x: x, y: shelf.minY - bh, width: bw, height: bh), radius: 4,
                look.accent.mixed(with: look.wallTop, Double(k) * 0.2))
        }
    }

    private func drawBokeh(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        for i in 0..<7 {
            let d = Double(i)
            let speed = 0.02 + 0.012 * Double(i % 3)
            let y = h * (1.1 - 1.2 * fraction(d * 0.377 + t * speed))
            let x = w * fraction(d * 0.618 + 0.04 * sin(t * 0.5 + d))
            let radius = (20 + 14 * Double(i % 4)) * (w / 720)
            canvas.fillCircle(center: Point(x: x, y: y), radius: radius, look.accent.withAlpha(0.18 + 0.05 * Double(i % 3)))
        }
    }

    /// The beauty filter: a warm wash over the picture, up to a fifth opaque.
    func drawFilter(_ canvas: Canvas, _ w: Double, _ h: Double) {
        guard beauty.filter > 0 else { return }
        canvas.fillRect(Rect(x: 0, y: 0, width: w, height: h), Color(hex: 0xFF9A5C).withAlpha(0.2 * beauty.filter))
    }

    private func drawHost(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        // Whiten lightens the skin (up to a third of the way to white); Smooth evens it,
        // softening the neck's shade and the blush.
        let skin = look.skin.mixed(with: .white, 0.35 * beauty.whiten)
        let shade = 0.12 * (1 - 0.7 * beauty.smooth)
        let blush = 0.45 * (1 - 0.6 * beauty.smooth)
        let unit = min(w, h * 0.5625 * 1.0)
        let cx = w / 2 + unit * 0.03 * sin(t * 0.9)
        let r = unit * 0.13
        let head = Point(x: cx + unit * 0.01 * sin(t * 1.3), y: h * 0.47 + 6 * sin(t * 1.7))
        // Body and neck.
        let bodyWidth = unit * 0.6
        canvas.fillRoundedRect(
            Rect(x: cx - bodyWidth / 2, y: head.y + r * 1.45, width: bodyWidth, height: h),
            radius: unit * 0.2, look.shirt)
        canvas.fillRect(
            Rect(x: head.x - r * 0.35, y: head.y + r * 0.6, width: r * 0.7, height: r * 1.0),
            skin.mixed(with: .black, shade))
        // Head: hair behind, face, fringe on top.
        canvas.fillCircle(center: Point(x: head.x, y: head.y - r * 0.1), radius: r * 1.12, look.hair)
        canvas.fillCircle(center: head, radius: r, skin)
        canvas.fillRoundedRect(
            Rect(x: head.x - r * 0.95, y: head.y - r * 1.15, width: r * 1.9, height: r * 0.6),
            radius: r * 0.3, look.hair)
        // Eyes blink for a moment every 3.3 s.
        let blinking = fraction(t / 3.3) > 0.955
        for side in [-1.0, 1.0] {
            let eye = Point(x: head.x + side * r * 0.38, y: head.y + r * 0.05)
            if blinking {
                canvas.fillRect(Rect(x: eye.x - r * 0.1, y: eye.y - 1.5, width: r * 0.2, height: 3), Color(hex: 0x2B1B17))
            } else {
                canvas.fillCircle(center: eye, radius: r * 0.09, Color(hex: 0x2B1B17))
            }
            canvas.fillCircle(
                center: Point(x: eye.x + side * r * 0.12, y: eye.y + r * 0.28), radius: r * 0.12,
                Color(hex: 0xFF8FA3).withAlpha(blush))
        }
        // The mouth opens and closes: the host is talking.
        let open = max(0, sin(t * 11) * sin(t * 2.3))
        let mouthHeight = r * (0.07 + 0.16 * open)
        canvas.fillRoundedRect(
            Rect(
                x: head.x - r * 0.2, y: head.y + r * 0.5 - mouthHeight / 2,
                width: r * 0.4, height: mouthHeight), radius: mouthHeight / 2, Color(hex: 0x8C2F39))
    }

    private func drawDesk(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        let top = h * 0.86
        canvas.fillRect(Rect(x: 0, y: top, width: w, height: h - top), look.wallTop.mixed(with: .black, 0.35))
        canvas.fillRect(Rect(x: 0, y: top, width: w, height: 6), look.accent.withAlpha(0.35))
        let base = Point(x: w * 0.28, y: top)
        let head = Point(x: w * 0.34, y: h * 0.74)
        canvas.line(from: base, to: head, width: 8, Color(hex: 0x2A2A2A))
        canvas.fillRoundedRect(Rect(x: head.x - 18, y: head.y - 30, width: 36, height: 54), radius: 18, Color(hex: 0x3A3A3A))
    }

    /// A soft band of light crossing the picture every 7 s, like a camera's exposure drift.
    private func drawLightSweep(_ canvas: Canvas, _ w: Double, _ h: Double, _ t: Double) {
        let x = -w * 0.5 + w * 2 * fraction(t / 7)
        canvas.withState(transform: Transform.rotation(0.35).then(.translation(x, h / 2))) {
            canvas.fillRect(Rect(x: -w * 0.08, y: -h, width: w * 0.16, height: 2 * h), Color.white.withAlpha(0.07))
        }
    }

    /// The corner badge: "LIVE" and the running clock; a recording or a preview says so
    /// instead (a replay's time is on its playback bar).
    private func drawClock(_ canvas: Canvas, time t: Double) {
        let text = label.rawValue.uppercased()
        let badge = Rect(x: badgeOrigin.x, y: badgeOrigin.y, width: label == .live ? 84 : 22 + 17 * Double(text.count), height: 40)
        canvas.fillRoundedRect(badge, radius: 8, label == .live ? Palette.live : Palette.panel)
        canvas.text(text, font: .bold(26), color: .white, at: Point(x: badge.midX, y: badge.minY + 5), alignment: .center)
        guard label == .live else { return }
        let clock = Self.clockText(t)
        canvas.text(
            clock, font: FontSpec.bold(28).silhouette, color: Color.black.withAlpha(0.5), at: Point(x: badge.maxX + 14, y: badge.minY + 6))
        canvas.text(clock, font: .bold(28), color: .white, at: Point(x: badge.maxX + 12, y: badge.minY + 4))
    }

    /// "mm:ss.d" of play time ("h:mm:ss.d" from an hour), from whole tenths so the text
    /// changes ten times a second.
    static func clockText(_ time: Double) -> String {
        let tenths = Int(clamping: (max(0, time) * 10 + 1e-6).rounded(.down))
        let hours = tenths / 36_000, minutes = tenths / 600 % 60, seconds = (tenths / 10) % 60
        func two(_ n: Int) -> String { (n < 10 ? "0" : "") + "\(n)" }
        return (hours > 0 ? "\(hours):" : "") + two(minutes) + ":" + two(seconds) + ".\(tenths % 10)"
    }
}

/// The fractional part of `x`, in 0..<1 also for negative `x`.
func fraction(_ x: Double) -> Double { x - x.rounded(.down) }
