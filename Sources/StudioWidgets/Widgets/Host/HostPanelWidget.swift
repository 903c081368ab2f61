import StudioDomain
import StudioKit

/// The host's own controls: a status line, a
/// panel with three beauty effects (Smooth, Whiten, Filter), the microphone's volume (Mic)
/// and a slider for the selected one, and a big "Go Live" button. The panel shows its studio's live state (`LiveState`,
/// followed through `.liveStateChanged`) and the studio's one live timer ("LIVE 00:12"); its
/// buttons only ask: Go Live announces `.liveStarted`, End announces `.liveEnded` with the
/// seconds the live lasted, each with a toast. Once ended it shows the summary and a Leave
/// button, which asks to close the studio (`.closeRequested`).
///
/// Tapping an effect selects it; tapping the selected one again turns it on or off.
/// Tapping the slider, or dragging along it, sets the selected effect's level (and turns it on).
public final class HostPanelWidget: Widget, CatalogWidget {
    /// The panel shows the live session and drives it.
    public override class var requiredServices: [RoomServiceKey] { [RoomServiceKey((any LiveSessionService).self)] }

    public static let catalogName = "hostPanel"
    public static let defaultLevel = Levels.hostPanel

    /// The studio's live state, as last announced.
    package private(set) var liveState = LiveState.preview
    /// Whether the stream should go live as soon as the studio opens (option `live`).
    package let startsLive: Bool
    package var isLive: Bool { liveState == .live }
    /// The studio's live timer: seconds since going live (held once ended, 0 before).
    package var liveTime: Double { context?.liveSession?.liveTime ?? 0 }
    public private(set) var controls: [HostControl] {
        didSet { if beauty(of: controls) != beauty(of: oldValue) { announcesBeauty = true } }
    }
    /// Whether the next step announces the beauty effects: once the room has loaded every
    /// widget (the displayer too), and after each change.
    private var announcesBeauty = true

    /// The beauty effects `controls` turn on, at their levels.
    private func beauty(of controls: [HostControl]) -> Beauty {
        func level(_ title: String) -> Double {
            controls.first { $0.title == title && $0.isOn }.map { Double($0.level) / 100 } ?? 0
        }
        return Beauty(smooth: level("Smooth"), whiten: level("Whiten"), filter: level("Filter"))
    }

    public override func update(_ step: FrameStep) {
        super.update(step)
        guard announcesBeauty else { return }
        announcesBeauty = false
        publish(.beautyChanged, beauty(of: controls))
    }
    package private(set) var selected = 0
    var placement = FramePlacement()

    static let size = Size(width: 680, height: 300)
    static let goButton = Rect(x: 140, y: 206, width: 400, height: 88)
    static let slider = Rect(x: 40, y: 152, width: 600, height: 8)

    public init(
        level: Double = Levels.hostPanel, live: Bool = false, smooth: Int = 60, whiten: Int = 40, filter: Int = 0,
        mic: Int = 80
    ) {
        startsLive = live
        controls = [
            HostControl(title: "Smooth", level: smooth), HostControl(title: "Whiten", level: whiten),
            HostControl(title: "Filter", level: filter), HostControl(title: "Mic", level: mic),
        ]
        super.init(name: "hostPanel", level: level, frame: Rect(origin: Point(x: 20, y: 850), size: Self.size))
    }

    /// Options: `live` (start live, default false), `smooth`, `whiten`, `filter` (beauty levels,
    /// 0...100, 0 = off; defaults 60, 40, 0), `mic` (the microphone's volume, 0...100, 0 =
    /// muted; default 80), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = HostPanelWidget(
            level: level, live: try options.bool("live", default: false),
            smooth: try options.int("smooth", default: 60, in: 0...100),
            whiten: try options.int("whiten", default: 40, in: 0...100),
            filter: try options.int("filter", default: 0, in: 0...100),
            mic: try options.int("mic", default: 80, in: 0...100))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        liveState = context?.liveSession?.liveState ?? .preview
        listen(to: .liveStateChanged) { $0.liveState = $1 }
        frame.origin = placement.origin(
            default: Point(
                x: (viewport.width - Self.size.width) / 2,
                y: viewport.height - 130 - Self.size.height))
    }

    /// The chip of control `i`, in the widget's coordinates.
    package func chipRect(_ i: Int) -> Rect { Rect(x: 20 + Double(i) * 162, y: 76, width: 154, height: 52) }

    /// "LIVE 00:12".
    package var timerText: String { "LIVE " + DisplayFormat.elapsed(liveTime) }

    public override func handleTap(at point: Point) -> Bool {
        if Self.goButton.contains(point) {
            switch liveState {
            case .preview: goLive()
            case .live: endLive()
            case .ended: publish(.closeRequested)
            }
        } else if let i = controls.indices.first(where: { chipRect($0).contains(point) }) {
            if i == selected { controls[i].isOn.toggle() } else { selected = i }
        } else if Self.sliderArea.contains(point) {
            setLevel(Self.sliderLevel(at: point), of: selected)
        }
        return true
    }

    /// Where a finger takes the slider: the track with room around it.
    static let sliderArea = slider.insetBy(dx: -16, dy: -20)

    /// The level (0...100) the slider shows at `point`'s x.
    static func sliderLevel(at point: Point) -> Int {
        Int(clamping: ((point.x - slider.minX) / slider.width * 100).rounded())
    }

    /// The slider drags sideways: the selected effect's level follows the finger, and a
    /// sideways swipe that starts on it never toggles lite mode.
    public override func dragAxes(at point: Point) -> DragAxes? { Self.sliderArea.contains(point) ? .horizontal : nil }

    public override func handleDrag(_ drag: DragInfo) {
        guard drag.phase != .cancelled, drag.phase != .failed else { return }
        setLevel(Self.sliderLevel(at: drag.location), of: selected)
    }

    /// Sets control `i`'s level (clamped to 0...100) and turns it on.
    package func setLevel(_ level: Int, of i: Int) {
        guard controls.indices.contains(i) else { return }
        controls[i].level = min(max(level, 0), 100)
        controls[i].isOn = true
    }

    /// Asks the studio to go live (from a preview only).
    package func goLive() {
        guard liveState == .preview else { return }
        publish(.liveStarted)
        publish(.toastRequested, "You are live!")
    }

    /// Asks the studio to end the stream (while live only).
    package func endLive() {
        guard isLive else { return }
        publish(.liveEnded, liveTime)
        publish(.toastRequested, "Live ended after " + DisplayFormat.elapsed(liveTime))
    }

    /// "Stream ended · 00:42 live".
    package var summaryText: String { "Stream ended · " + DisplayFormat.elapsed(liveTime) + " live" }

    /// The status pill at the panel's top left, holding `text` (after a white dot when
    /// `dotted`) with 22 px to spare at its end.
    private func drawStatus(_ text: String, font: FontSpec, color: Color, on backing: Color, dotted: Bool, in canvas: Canvas) {
        let start = dotted ? 40.0 : 22.0
        let width = max(dotted ? 190 : 0, start + canvas.measure(text, font: font).width + 22)
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: min(width, bounds.width), height: 48), radius: 24, backing)
        if dotted { canvas.fillCircle(center: Point(x: 24, y: 24), radius: 7, .white) }
        let fitted = canvas.measurer.fitting(text, font: font, maxWidth: bounds.width - start - 22)
        canvas.text(fitted, font: font, color: color, at: Point(x: start, y: dotted ? 8 : 10))
    }

    /// About 25 draw items per frame.
    public override func draw(in canvas: Canvas) {
        // Status line: a pill as wide as its text, never narrower than the live timer's.
        if isLive {
            drawStatus(timerText, font: .bold(26), color: .white, on: Palette.live, dotted: true, in: canvas)
        } else if liveState == .ended {
            drawStatus(summaryText, font: .regular(24), color: .white, on: Palette.panel, dotted: false, in: canvas)
        } else {
            drawStatus(
                "Not live · camera ready", font: .regular(24), color: Palette.secondaryText, on: Palette.panel, dotted: false, in: canvas)
        }
        // Beauty panel.
        // Darker than other panels: it sits over the comment list in a host's studio.
        canvas.fillRoundedRect(Rect(x: 0, y: 60, width: bounds.width, height: 130), radius: 24, Color.black.withAlpha(0.6))
        for (i, control) in controls.enumerated() {
            let chip = chipRect(i)
            canvas.fillRoundedRect(chip, radius: 26, control.isOn ? Palette.brand : Color.white.withAlpha(0.15))
            if i == selected { canvas.stroke(.roundedRect(chip, radius: 26), .white, width: 3) }
            let label = control.isOn ? "\(control.title) \(control.level)" : "\(control.title) off"
            canvas.text(label, font: .bold(22), color: .white, at: Point(x: chip.midX, y: chip.minY + 12), alignment: .center)
        }
        let s = Self.slider, control = controls[selected]
        let x = s.minX + s.width * Double(control.level) / 100
        let tint = control.isOn ? Palette.brand : Color.white.withAlpha(0.4)
        canvas.fillRoundedRect(s, radius: 4, Color.white.withAlpha(0.25))
        canvas.fillRoundedRect(Rect(x: s.minX, y: s.minY, width: x - s.minX, height: s.height), radius: 4, tint)
        canvas.fillCircle(center: Point(x: x, y: s.midY), radius: 14, .white)
        // The button.
        let b = Self.goButton
        if isLive {
            canvas.fillRoundedRect(b, radius: b.height / 2, Color(hex: 0x2A2A33, hasAlpha: false).withAlpha(0.9))
            canvas.stroke(.roundedRect(b, radius: b.height / 2), Palette.live, width: 4)
            canvas.text("End", font: .bold(36), color: .white, at: Point(x: b.midX, y: b.minY + 22), alignment: .center)
        } else if liveState == .ended {
            canvas.fillRoundedRect(b, radius: b.height / 2, Color(hex: 0x2A2A33, hasAlpha: false).withAlpha(0.9))
            canvas.text("Leave", font: .bold(36), color: .white, at: Point(x: b.midX, y: b.minY + 22), alignment: .center)
        } else {
            canvas.fillRoundedRect(b, radius: b.height / 2, Palette.brand)
            canvas.fillRoundedRect(
                Rect(x: b.minX + 20, y: b.minY + 6, width: b.width - 40, height: 30), radius: 15,
                Color.white.withAlpha(0.18))
            canvas.text("Go Live", font: .bold(36), color: .white, at: Point(x: b.midX, y: b.minY + 22), alignment: .center)
        }
    }
}
