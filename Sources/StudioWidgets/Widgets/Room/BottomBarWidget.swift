import StudioDomain
import StudioKit

/// The bar at the bottom: a "Say something…" pill and round buttons (by default share, gift
/// and like; a studio's configuration lists its own, `buttons`). A tap on a button
/// announces what was tapped (`.shareTapped`, `.recordTapped`, `.giftTapped`, `.likeTapped`
/// with the button's centre in studio coordinates) and asks for a toast where there is
/// something to say; a tap on the pill announces `.commentInputTapped`. A tap between the
/// controls is not taken: it lands on the room.
package final class BottomBarWidget: Widget {
    package static let barHeight = 110.0
    /// The controls' vertical centre in the bar: they end 34 px above the screen's bottom,
    /// clear of the home indicator; only the bar's backing reaches into that strip.
    static let controlsMidY = 42.0
    static let radius = 34.0
    static let pressDuration = 0.15

    /// The controls shown: the pill when `comment` is listed, the others as round buttons
    /// from right to left in reverse order (the last listed sits at the right edge).
    package var buttons: [BottomBarButton]
    /// The round buttons, left to right.
    private var roundButtons: [BottomBarButton] { buttons.filter { $0 != .comment } }
    /// The last button pressed and the seconds since, for the press feedback.
    private var pressed: (button: BottomBarButton, age: Double)?

    package init(level: Double = Levels.bottomBar, buttons: [BottomBarButton] = BottomBarButton.standard) {
        self.buttons = buttons
        super.init(
            name: "docker", level: level,
            frame: Rect(x: 0, y: Size.studio.height - Self.barHeight, width: Size.studio.width, height: Self.barHeight))
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame = Rect(x: 0, y: viewport.height - Self.barHeight, width: viewport.width, height: Self.barHeight)
    }

    /// The centre of `button` in the bottom bar's coordinates (the pill's centre for `comment`).
    /// A button the bottom bar does not show has no place: its "centre" lies left of the bar,
    /// where no tap reaches it.
    package func center(of button: BottomBarButton) -> Point {
        if button == .comment { return pill.center }
        let round = roundButtons
        guard let index = round.firstIndex(of: button) else { return Point(x: -1000, y: Self.controlsMidY) }
        let fromRight = round.count - 1 - index
        return Point(x: frame.width - 20 - Self.radius - Double(fromRight) * (2 * Self.radius + 14), y: Self.controlsMidY)
    }

    /// The "Say something…" pill: from the left edge to the first round button, at most
    /// 330 wide; empty when `comment` is not listed.
    var pill: Rect {
        guard buttons.contains(.comment) else { return .zero }
        let right = roundButtons.first.map { center(of: $0).x - Self.radius - 16 } ?? frame.width - 20
        return Rect(x: 20, y: Self.controlsMidY - 34, width: max(0, min(330, right - 20)), height: 68)
    }

    package override func handleTap(at point: Point) -> Bool {
        if let button = roundButtons.first(where: { center(of: $0).distance(to: point) <= Self.radius + 6 }) {
            press(button)
            return true
        }
        if pill.contains(point) {
            press(.comment)
            return true
        }
        return false
    }

    /// Does what tapping `button` does.
    package func press(_ button: BottomBarButton) {
        pressed = (button, 0)
        switch button {
        case .comment: publish(.commentInputTapped)
        case .share: publish(.shareTapped)
        case .record: publish(.recordTapped)
        case .gift: publish(.giftTapped)
        // The like carries where the hearts rise from.
        case .like: publish(.likeTapped, transformToRoot.apply(center(of: button)))
        }
        if let toast = button.toast { publish(.toastRequested, toast) }
    }

    package override func update(_ step: FrameStep) {
        guard let p = pressed else { return }
        pressed = p.age + step.dt < Self.pressDuration ? (p.button, p.age + step.dt) : nil
    }

    /// About fifteen draw items per frame.
    package override func draw(in canvas: Canvas) {
        let pill = self.pill
        if !pill.isEmpty {
            canvas.fillRoundedRect(pill, radius: pill.height / 2, Palette.panel)
            // With at most four round buttons the pill is always 330 wide: the text fits.
            canvas.text(
                "Say something…", font: .regular(28), color: Palette.placeholderText,
                at: Point(x: pill.minX + 28, y: pill.minY + 17))
        }
        for button in roundButtons {
            let c = center(of: button)
            // A pressed button dips to 85% and springs back.
            var scale = 1.0
            if let p = pressed, p.button == button { scale = 0.85 + 0.15 * (p.age / Self.pressDuration) }
            canvas.withState(transform: Transform.translation(-c.x, -c.y).then(.scale(scale, scale)).then(.translation(c.x, c.y))) {
                button.draw(in: canvas, center: c, radius: Self.radius)
            }
        }
    }
}

extension BottomBarWidget: CatalogWidget {
    /// Configurations have called the bottom bar "docker" from the start, and its buttons
    /// are their top-level `docker` list: the name stays, so that every file keeps loading.
    package static let catalogName = "docker"
    package static var defaultLevel: Double { Levels.bottomBar }

    /// No options: the buttons come from the configuration's top-level `docker` list, which
    /// the configuration applies as it builds its widgets, so that a room's buttons are
    /// listed in one place.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return BottomBarWidget(level: level)
    }
}
