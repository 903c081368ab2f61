import StudioDomain
import StudioKit

/// The rotation of a hosts-loop room, below the host capsule and the
/// video's clock: the next
/// host's avatar and name, "Next host in 00:42" and a bar filling towards the hand-over.
/// Every `period` seconds of step time it announces `.hostRotated` with the next host's
/// name, asks for a toast ("Now live: Mia") and starts counting again for the one after.
public final class HostsLoopWidget: Widget, CatalogWidget {
    public static let catalogName = "hostsLoop"
    public static let defaultLevel = Levels.hostsLoop

    /// Seconds each host has.
    package let period: Double
    /// The hosts in turn; never empty.
    public let hosts: [String]
    /// The index in `hosts` of the host coming next.
    package private(set) var nextIndex = 0
    /// Seconds into the current host's turn.
    package private(set) var elapsed = 0.0
    var placement = FramePlacement()

    static let size = Size(width: 350, height: 84)
    /// Below the host capsule and the video's "LIVE" clock.
    static let top = 216.0

    public init(level: Double = Levels.hostsLoop, period: Double = 60, hosts: [String] = Array(DemoPeople.hosts.prefix(5))) {
        self.period = max(1, period)
        self.hosts = hosts.isEmpty ? Array(DemoPeople.hosts.prefix(5)) : hosts
        super.init(name: "hostsLoop", level: level, frame: Rect(origin: Point(x: 20, y: Self.top), size: Self.size))
    }

    /// Options: `period` (seconds, 5...3600, default 60), `hosts` (names, at least one),
    /// `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let hosts = try options.strings("hosts", default: Array(DemoPeople.hosts.prefix(5)))
        guard !hosts.isEmpty else { throw options.error("hosts", "must list at least one host") }
        let widget = HostsLoopWidget(
            level: level, period: try options.double("period", default: 60, in: 5...3600),
            hosts: hosts)
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        frame.origin = placement.origin(default: Point(x: 20, y: Self.top))
    }

    package var nextHost: String { hosts[nextIndex] }

    package var secondsLeft: Double { max(0, period - elapsed) }

    /// "Next host in 00:42".
    package var countdownText: String { "Next host in " + DisplayFormat.countdown(secondsLeft) }

    public override func update(_ step: FrameStep) {
        elapsed += step.dt
        // A long step could span more than one turn; each hand-over is announced.
        while elapsed >= period {
            elapsed -= period
            let host = nextHost
            nextIndex = (nextIndex + 1) % hosts.count
            publish(.hostRotated, host)
            publish(.toastRequested, "Now live: \(host)")
        }
    }

    /// About ten draw items per frame.
    public override func draw(in canvas: Canvas) {
        let h = Self.size.height
        canvas.fillRoundedRect(bounds, radius: h / 2, Palette.panel)
        // The ring pulses in the last five seconds.
        let urgent = secondsLeft <= 5
        let pulse = urgent ? 2 + 2 * (0.5 + 0.5 * pulseWave(elapsed)) : 2.5
        RoundAvatar.draw(
            canvas, name: nextHost, center: Point(x: h / 2, y: h / 2), radius: 29,
            ring: urgent ? Palette.brand : Palette.gold, ringWidth: pulse)
        let textX = h + 6
        canvas.text(countdownText, font: .bold(24), color: urgent ? Palette.gold : Palette.text, at: Point(x: textX, y: 12))
        let name = canvas.measurer.fitting("Up next: \(nextHost)", font: .regular(22), maxWidth: bounds.width - textX - 24)
        canvas.text(name, font: .regular(22), color: Palette.secondaryText, at: Point(x: textX, y: 44))
        let bar = Rect(x: textX, y: h - 10, width: bounds.width - textX - 30, height: 4)
        canvas.fillRoundedRect(bar, radius: 2, Color.white.withAlpha(0.2))
        canvas.fillRoundedRect(
            Rect(x: bar.minX, y: bar.minY, width: bar.width * min(1, elapsed / period), height: bar.height),
            radius: 2, Palette.brand)
    }

    /// A wave in -1...1 beating twice a second.
    private func pulseWave(_ t: Double) -> Double {
        let phase = fraction(t * 2)
        return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase
    }
}
