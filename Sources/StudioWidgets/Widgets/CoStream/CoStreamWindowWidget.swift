import Foundation
import StudioDomain
import StudioKit

/// The picture-in-picture window of an audience member streaming with the host ('s
/// kind G), at the right over the video: their simulated camera (a warm room, a head and
/// shoulders that sway and talk), a "Co-streaming" badge and their name. It pops in when
/// someone joins and shrinks away when they leave; hidden (and untouchable) while nobody
/// co-streams. Tapping it names who is on ("Momo is co-streaming").
///
/// Driven by `join(name:)` / `leave()` or the events `.coStreamJoined` (payload `.text`) and
/// `.coStreamLeft`; for the demo, `guest` joins by itself `joinAfter` seconds after load.
package final class CoStreamWindowWidget: Widget, CatalogWidget {
    package static let catalogName = "coStreamWindow"
    package static let defaultLevel = Levels.coStreamWindow

    /// Who is co-streaming (still set while the window shrinks away), nil when nobody.
    package private(set) var guest: String?
    /// True from `join` until `leave`.
    package private(set) var isJoined = false
    /// 0 = gone, 1 = fully shown; eases over `appearDuration`.
    package private(set) var appearance = 0.0
    /// Who joins by themselves, and after how many seconds; nil for nobody.
    package let autoGuest: String?
    package let joinAfter: Double
    private var time = 0.0
    private var autoJoinDone = false
    var placement = FramePlacement()

    static let size = Size(width: 200, height: 300)
    static let appearDuration = 0.35
    static let wallTop = Color(hex: 0xFFB38A)
    static let wallBottom = Color(hex: 0xE2577E)

    package init(level: Double = Levels.coStreamWindow, autoGuest: String? = "Momo", joinAfter: Double = 2) {
        self.autoGuest = autoGuest
        self.joinAfter = joinAfter
        super.init(
            name: "coStreamWindow", level: level,
            frame: Rect(origin: Point(x: Size.studio.width - 20 - Self.size.width, y: 640), size: Self.size))
        isHidden = true
        clipsToBounds = true
    }

    /// Options: `guest` (who joins by themselves, default "Momo"), `autoJoin` (default
    /// true), `joinAfter` (seconds, 0...3600, default 2), `x`, `y`.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let guest = try options.string("guest", default: "Momo")
        let auto = try options.bool("autoJoin", default: true)
        let widget = CoStreamWindowWidget(
            level: level, autoGuest: auto ? guest : nil,
            joinAfter: try options.double("joinAfter", default: 2, in: 0...3600))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.origin = placement.origin(default: Point(x: viewport.width - 20 - Self.size.width, y: 640))
        listen(to: .coStreamJoined) { $0.join(name: $1) }
        listen(to: .coStreamLeft) { window, _ in window.leave() }
    }

    /// Shows `name` in the window (replacing whoever was there) and asks for a toast.
    package func join(name: String) {
        autoJoinDone = true
        guest = name
        isJoined = true
        isHidden = false
        publish(.toastRequested, "\(name) joined the stream")
    }

    /// The co-streamer leaves: the window shrinks away and hides.
    package func leave() {
        guard isJoined else { return }
        isJoined = false
    }

    package override func update(_ step: FrameStep) {
        time += step.dt
        if !autoJoinDone, let autoGuest, time >= joinAfter { join(name: autoGuest) }
        let delta = step.dt / Self.appearDuration
        appearance = isJoined ? min(1, appearance + delta) : max(0, appearance - delta)
        if !isJoined, appearance == 0, guest != nil {
            guest = nil
            isHidden = true
        }
        // Pops from 60% with a little overshoot.
        let t = appearance
        let scale = 0.6 + 0.4 * (1 + 2.2 * pow(t - 1, 3) + 1.2 * pow(t - 1, 2))
        transform = .scale(scale, scale)
        alpha = t
    }

    package override func handleTap(at point: Point) -> Bool {
        guard isJoined, let guest else { return false }
        publish(.toastRequested, "\(guest) is co-streaming")
        return true
    }

    /// About 30 draw items per frame while shown.
    package override func draw(in canvas: Canvas) {
        guard let guest else { return }
        let w = bounds.width, h = bounds.height, t = time
        canvas.fillVerticalGradient(bounds, top: Self.wallTop, bottom: Self.wallBottom, bands: 10)
        for i in 0..<3 {
            let d = Double(i)
            canvas.fillCircle(
                center: Point(x: w * fraction(0.2 + d * 0.35 + t * 0.02), y: h * (0.2 + 0.15 * d)),
                radius: 18, Color.white.withAlpha(0.15))
        }
        // Head and shoulders, swaying; the mouth moves while they talk.
        let head = Point(x: w / 2 + 8 * sin(t * 1.2), y: h * 0.45 + 4 * sin(t * 2.1))
        let r = w * 0.2
        canvas.fillRoundedRect(
            Rect(x: head.x - w * 0.38, y: head.y + r * 1.3, width: w * 0.76, height: h),
            radius: w * 0.2, Color(hex: 0x3D5A80))
        canvas.fillCircle(center: Point(x: head.x, y: head.y - r * 0.15), radius: r * 1.12, Color(hex: 0x4A2C2A))
        canvas.fillCircle(center: head, radius: r, Color(hex: 0xF2C6A0))
        for side in [-1.0, 1.0] {
            canvas.fillCircle(center: Point(x: head.x + side * r * 0.36, y: head.y), radius: r * 0.09, Color(hex: 0x2B1B17))
        }
        let open = max(0, sin(t * 10) * sin(t * 2.7))
        let mouth = r * (0.08 + 0.16 * open)
        canvas.fillRoundedRect(
            Rect(x: head.x - r * 0.18, y: head.y + r * 0.48 - mouth / 2, width: r * 0.36, height: mouth),
            radius: mouth / 2, Color(hex: 0x8C2F39))
        // Badge, name band, frame.
        // The badge is as wide as its label (after the dot), within the window.
        let label = canvas.measurer.fitting("Co-streaming", font: .bold(18), maxWidth: w - 20 - 28 - 14)
        let badge = Rect(x: 10, y: 10, width: 28 + canvas.measure(label, font: .bold(18)).width + 14, height: 32)
        canvas.fillRoundedRect(badge, radius: 16, Palette.brand)
        canvas.fillCircle(center: Point(x: badge.minX + 16, y: badge.midY), radius: 5, .white)
        canvas.text(label, font: .bold(18), color: .white, at: Point(x: badge.minX + 28, y: badge.minY + 5))
        canvas.fillVerticalGradient(
            Rect(x: 0, y: h - 70, width: w, height: 70), top: .clear,
            bottom: Color.black.withAlpha(0.6), bands: 5)
        let name = canvas.measurer.fitting(guest, font: .bold(24), maxWidth: w - 24)
        canvas.text(name, font: .bold(24), color: .white, at: Point(x: 12, y: h - 42))
        canvas.stroke(.roundedRect(bounds.insetBy(dx: 1.5, dy: 1.5), radius: 6), Color.white.withAlpha(0.85), width: 3)
    }
}
