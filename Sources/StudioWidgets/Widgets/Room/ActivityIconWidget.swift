import Foundation
import StudioDomain
import StudioKit

/// A pulsing badge on the right: a room activity ("Lucky Box") with a countdown to its next
/// opening, restarting every `period` seconds of simulated time. Tapping it announces
/// `.activityTapped` and toasts the time left.
package final class ActivityIconWidget: Widget {
    package var title = "Lucky Box"
    /// Seconds between two openings of the box.
    package var period = 180.0
    private var time = 0.0

    static let size = Size(width: 150, height: 156)

    package init(level: Double = Levels.activityIcon) {
        super.init(
            name: "activityIcon", level: level,
            frame: Rect(
                x: Size.studio.width - 20 - Self.size.width, y: 216,
                width: Self.size.width, height: Self.size.height))
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.origin.x = viewport.width - 20 - Self.size.width
    }

    /// Whole seconds until the box opens.
    package var secondsLeft: Int {
        let left = period - time.truncatingRemainder(dividingBy: period)
        return Int(clamping: left.rounded(.up))
    }

    var countdownText: String {
        let s = secondsLeft
        return (s / 60 < 10 ? "0" : "") + "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    package override func update(_ step: FrameStep) {
        time += step.dt
        // A gentle pulse, once a second.
        let scale = 1 + 0.04 * sin(time * 2 * .pi)
        transform = .scale(scale, scale)
    }

    package override func handleTap(at point: Point) -> Bool {
        publish(.activityTapped)
        publish(.toastRequested, "\(title) opens in \(countdownText)")
        return true
    }

    /// Eleven draw items per frame.
    package override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 22, Palette.panel)
        canvas.fillRoundedRect(bounds.insetBy(dx: 6, dy: 6), radius: 18, Color(hex: 0xFF7A45).withAlpha(0.55))
        Icons.gift(canvas, center: Point(x: bounds.midX, y: 44), size: 52, box: Palette.gold, ribbon: Palette.brand)
        canvas.text(title, font: .bold(24), color: .white, at: Point(x: bounds.midX, y: 74), alignment: .center)
        let pill = Rect(x: 22, y: 110, width: bounds.width - 44, height: 36)
        canvas.fillRoundedRect(pill, radius: 18, Color.black.withAlpha(0.45))
        canvas.text(
            countdownText, font: .bold(26), color: Palette.gold, at: Point(x: pill.midX, y: pill.minY + 3),
            alignment: .center)
    }
}

extension ActivityIconWidget: CatalogWidget {
    package static let catalogName = "activityIcon"
    package static var defaultLevel: Double { Levels.activityIcon }

    /// Options: `title` (default "Lucky Box", at most 16 characters so it fits the badge),
    /// `periodSeconds` (10...3600, default 180) between two openings of the box.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = ActivityIconWidget(level: level)
        let title = try options.string("title", default: widget.title)
        guard !title.isEmpty, title.count <= 16 else {
            throw options.error("title", "must be 1 to 16 characters to fit the badge (got \(title.count))")
        }
        widget.title = title
        widget.period = try options.double("periodSeconds", default: widget.period, in: 10...3600)
        try options.finish()
        return widget
    }
}
