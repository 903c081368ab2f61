import StudioKit

/// The bar at the bottom: a "Say something…" pill and round share, gift and like buttons.
/// A tap on a button announces what was tapped (`.shareTapped`, `.giftTapped`,
/// `.likeTapped` with the button's centre in studio coordinates) and asks for a toast where
/// there is something to say; a tap on the pill announces `.commentInputTapped`. A tap
/// between the controls is not taken: it lands on the room.
public final class DockerWidget: Widget {
    public static let barHeight = 110.0
    static let radius = 34.0
    static let pill = Rect(x: 20, y: 20, width: 330, height: 68)
    static let pressDuration = 0.15

    /// The last button pressed and the seconds since, for the press feedback.
    private var pressed: (button: DockerButton, age: Double)?

    public init(level: Double = Levels.docker) {
        super.init(name: "docker", level: level,
                   frame: Rect(x: 0, y: Size.studio.height - Self.barHeight, width: Size.studio.width, height: Self.barHeight))
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame = Rect(x: 0, y: viewport.height - Self.barHeight, width: viewport.width, height: Self.barHeight)
    }

    /// The centre of `button` in the docker's coordinates.
    public func center(of button: DockerButton) -> Point {
        let index = DockerButton.allCases.firstIndex(of: button) ?? 0
        let fromRight = DockerButton.allCases.count - 1 - index
        return Point(x: frame.width - 20 - Self.radius - Double(fromRight) * (2 * Self.radius + 14),
                     y: Self.pill.midY)
    }

    public override func handleTap(at point: Point) -> Bool {
        if let button = DockerButton.allCases.first(where: { center(of: $0).distance(to: point) <= Self.radius + 6 }) {
            press(button)
            return true
        }
        if Self.pill.contains(point) {
            announce(.commentInputTapped)
            announce(.toastRequested, .text("Comments are read-only in this demo"))
            return true
        }
        return false
    }

    /// Does what tapping `button` does.
    public func press(_ button: DockerButton) {
        pressed = (button, 0)
        if button == .like {
            announce(.likeTapped, .point(transformToRoot.apply(center(of: button))))
        } else {
            announce(button.event)
        }
        if let toast = button.toast { announce(.toastRequested, .text(toast)) }
    }

    public override func update(_ step: FrameStep) {
        guard let p = pressed else { return }
        pressed = p.age + step.dt < Self.pressDuration ? (p.button, p.age + step.dt) : nil
    }

    /// About fifteen draw items per frame.
    public override func draw(in canvas: Canvas) {
        let pill = Self.pill
        canvas.fillRoundedRect(pill, radius: pill.height / 2, Palette.panel)
        canvas.text("Say something…", font: .regular(28), color: Palette.placeholderText,
                    at: Point(x: pill.minX + 28, y: pill.minY + 17))
        for button in DockerButton.allCases {
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
