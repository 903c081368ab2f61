import Foundation
import StudioDomain
import StudioKit

/// A banner near the top while the room's keep-alive connection is down: "Connection lost —
/// reconnecting in 3 s (attempt 2)", counting down, then "Connecting…" during an attempt,
/// then "Reconnected" for a moment. Hidden while connected. Follows `.connectionChanged`
/// (a `ConnectionState`); touches pass through.
package final class ConnectionBannerWidget: Widget, CatalogWidget {
    package static let catalogName = "connectionBanner"
    /// In the float layer, under the toast (480): a toast is a response to the user and reads first.
    package static let defaultLevel = 470.0

    /// Seconds "Reconnected" stays, fade included.
    package var flashDuration: Double
    /// The state the banner shows.
    package private(set) var state: ConnectionState = .connected
    /// Seconds until the next attempt, counted down from the last `disconnected` note.
    package private(set) var countdown = 0.0
    /// Seconds since the state last changed (drives the fades and the pulse).
    private var age = 0.0
    private var flashing = false

    static let font = FontSpec.bold(28)
    static let detailFont = FontSpec.regular(26)
    /// The height of a one-line banner; a two-line one grows to fit.
    static let height = 60.0
    static let verticalPadding = 12.0
    static let lineGap = 4.0
    static let top = 156.0
    static let panel = Palette.overlayPanel
    static let warning = Palette.gold
    static let success = Color(hex: 0x52C41A)
    static let fadeIn = 0.15
    static let fadeOut = 0.3

    package init(level: Double = defaultLevel, flashDuration: Double = 1.5) {
        self.flashDuration = flashDuration
        super.init(
            name: "connectionBanner", level: level,
            frame: Rect(x: 0, y: Self.top, width: Size.studio.width, height: 100))
        passesTouchesThrough = true
        // A banner like the others: the danmaku keep out of it while it shows.
        keepsOverlaysOut = true
    }

    /// Options: `flashDuration` (seconds "Reconnected" shows, 0...10).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let flash = try options.double("flashDuration", default: 1.5, in: 0...10)
        try options.finish()
        return ConnectionBannerWidget(level: level, flashDuration: flash)
    }

    package override func didLoad() {
        guard let context else { return }
        frame.size.width = context.environment.viewport.width
        listen(to: .connectionChanged) { $0.show($1) }
    }

    /// Shows `new` from now on (what a `.connectionChanged` note does).
    package func show(_ new: ConnectionState) {
        let wasDown = state != .connected
        flashing = new == .connected && wasDown
        if case .disconnected(let retryIn, _) = new { countdown = retryIn }
        // Moving between the down states keeps the banner up as it is; a fresh banner and
        // the "Reconnected" flash start over (and fade in).
        if !(wasDown && new != .connected) { age = 0 }
        state = new
        placed = false
        place()
    }

    package override func update(_ step: FrameStep) {
        age += step.dt
        if case .disconnected = state { countdown = max(0, countdown - step.dt) }
        if flashing, age >= flashDuration { flashing = false }
        if lines != nil { place() }
    }

    /// The areas the banner keeps out of, as the danmaku do.
    private var keepOut = DanmakuKeepOut()
    /// Whether the banner has been placed since it showed.
    private var placed = false

    /// Moves the banner to the place nearest its own (`top`) that crosses no area kept clear
    /// (a super chat's chips or card, a score bar), so its text never lies over theirs.
    private func place() {
        guard lines != nil else {
            if frame.minY != Self.top { frame.origin.y = Self.top }
            return
        }
        // Sought again only when the areas kept clear change (or the banner just showed).
        guard keepOut.refresh(for: self) || !placed else { return }
        placed = true
        // The areas are in the banner's coordinates, wherever it is now.
        let origin = frame.origin
        let clear = keepOut.rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
        let box = Size(width: frame.width - 80, height: frame.height)
        let top =
            OverlayPlacement.top(
                for: box, x: origin.x + 40, preferred: Self.top, highest: Self.top, lowest: Self.top + 360, clear: clear)
            ?? Self.top
        if top != origin.y { frame.origin.y = top }
    }

    /// What the banner says now, on one line; nil when it is hidden.
    package var message: String? {
        guard let (title, detail) = lines else { return nil }
        return detail.map { "\(title) — \($0)" } ?? title
    }

    /// The banner's bold title and, while waiting for an attempt, a detail line under it:
    /// the whole sentence does not fit one line of readable text on a 720 px screen.
    var lines: (title: String, detail: String?)? {
        switch state {
        case .connected:
            return flashing ? ("Reconnected", nil) : nil
        case .connecting:
            return ("Connecting…", nil)
        case .disconnected(_, let attempt):
            let seconds = Int(clamping: countdown.rounded(.up))
            return ("Connection lost", seconds > 0 ? "reconnecting in \(seconds) s (attempt \(attempt))" : "reconnecting…")
        }
    }

    var opacity: Double {
        let fadeIn = min(1, age / Self.fadeIn)
        guard state == .connected else { return fadeIn }
        return flashing ? min(fadeIn, max(0, (flashDuration - age) / Self.fadeOut)) : 0
    }

    /// Three or four draw items while shown (panel, accent dot, one or two lines of text),
    /// none when hidden.
    package override func draw(in canvas: Canvas) {
        guard let (title, detail) = lines, opacity > 0 else { return }
        let dot = 10.0, gap = 14.0, padding = 24.0
        let maxText = bounds.width - 2 * 40 - 2 * padding - 2 * dot - gap
        let titleText = canvas.measurer.fitting(title, font: Self.font, maxWidth: maxText)
        let detailText = detail.map { canvas.measurer.fitting($0, font: Self.detailFont, maxWidth: maxText) }
        let titleSize = canvas.measure(titleText, font: Self.font)
        let detailSize = detailText.map { canvas.measure($0, font: Self.detailFont) } ?? .zero
        let textHeight = titleSize.height + (detailText == nil ? 0 : Self.lineGap + detailSize.height)
        let height = max(Self.height, textHeight + 2 * Self.verticalPadding)
        let width = padding + 2 * dot + gap + max(titleSize.width, detailSize.width) + padding
        let box = Rect(x: (bounds.width - width) / 2, y: 0, width: width, height: height)
        let accent = state == .connected ? Self.success : Self.warning
        // While waiting, the dot breathes: the banner reads as alive, not frozen.
        let pulse = state == .connected ? 1 : 0.55 + 0.45 * (0.5 + 0.5 * cos(age * 2 * .pi))
        let textX = box.minX + padding + 2 * dot + gap
        let textY = box.minY + (height - textHeight) / 2
        // The panel comes three times faster than its text and goes three times slower, so
        // whenever the text can be read the panel under it is whole: what lies behind never
        // shows through the words.
        canvas.withState(alpha: min(1, opacity * 3)) {
            canvas.fillRoundedRect(box, radius: min(height / 2, 24), Self.panel)
        }
        canvas.withState(alpha: opacity) {
            canvas.fillCircle(
                center: Point(x: box.minX + padding + dot, y: textY + titleSize.height / 2),
                radius: dot, accent.withAlpha(pulse))
            canvas.text(titleText, font: Self.font, color: .white, at: Point(x: textX, y: textY))
            if let detailText {
                canvas.text(
                    detailText, font: Self.detailFont, color: Palette.secondaryText,
                    at: Point(x: textX, y: textY + titleSize.height + Self.lineGap))
            }
        }
    }
}

extension ConnectionBannerWidget: OverlayKeepOutArea {
    /// The banner's place while it shows (its widest), nothing while hidden.
    package var overlayKeepOutRect: Rect {
        lines == nil ? Rect(x: 0, y: 0, width: 0, height: 0) : Rect(x: 40, y: 0, width: bounds.width - 80, height: bounds.height)
    }
}
