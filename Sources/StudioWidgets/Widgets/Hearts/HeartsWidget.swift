import StudioDomain
import StudioKit

/// The praise animation: a tap on the room (`.roomTapped`) or the like button
/// (`.likeTapped`) sends a burst of hearts up from that point. Each rises about 300 px with
/// a sinusoidal wobble, grows a little and fades out over 1.5 s; colors and wobble come
/// from the studio's seeded `random`. A like (`.likeSent`, a double tap on the landscape
/// picture) sends one big heart that barely rises with the burst around it. The widget covers
/// the screen and lets every touch through.
public final class HeartsWidget: Widget {
    /// Hearts per burst.
    package var burstSize = 4
    /// The most hearts alive at once: a storm of taps costs a bounded number of draw items.
    package var maxHearts = 160
    private(set) var hearts: [FloatingHeart] = []

    /// The hearts alive (including those of a burst that have not appeared yet).
    package var heartCount: Int { hearts.count }

    public init(level: Double = Levels.hearts) {
        super.init(name: "hearts", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
    }

    public override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        listen(to: .roomTapped) { $0.burst(at: $1, withLike: false) }
        listen(to: .likeTapped) { $0.burst(at: $1, withLike: false) }
        listen(to: .likeSent) { $0.burst(at: $1, withLike: true) }
    }

    private func burst(at point: Point, withLike: Bool) {
        guard isSeen else { return }
        // The point is in studio coordinates; the widget fills the studio from its origin.
        let local = transformToRoot.inverted?.apply(point) ?? point
        if withLike { spawnLike(at: local) }
        spawnBurst(at: local)
    }

    /// In landscape only the landscape screen's hearts are seen: the page's would rise under
    /// the screen and still be rising when the room turns back.
    private var isSeen: Bool {
        guard context?.orientation?.isLandscape == true else { return true }
        return parent is LandscapeScreenWidget
    }

    /// How much wider the like's heart is than a burst's.
    static let likeScale = 3.0

    /// The like of a double tap at `point` (widget coordinates): one big heart, first.
    package func spawnLike(at point: Point) {
        guard let environment = context?.environment else { return }
        hearts.append(
            FloatingHeart(
                origin: point, delay: 0, color: Palette.hearts[0],
                width: 52 * Self.likeScale, rise: 60, wobble: 0, wobbleFrequency: 0,
                wobblePhase: 0, drift: environment.random.double(in: -10...10)))
    }

    /// Adds a burst at `point` (widget coordinates).
    public func spawnBurst(at point: Point) {
        guard let environment = context?.environment else { return }
        for i in 0..<burstSize {
            hearts.append(
                FloatingHeart(
                    origin: point,
                    delay: Double(i) * 0.07 + environment.random.double(in: 0...0.04),
                    color: environment.random.pick(Palette.hearts),
                    width: environment.random.double(in: 44...60),
                    rise: environment.random.double(in: 280...330),
                    wobble: environment.random.double(in: 12...26),
                    wobbleFrequency: environment.random.double(in: 0.8...1.4),
                    wobblePhase: environment.random.double(in: 0...(2 * .pi)),
                    drift: environment.random.double(in: -50...50)))
        }
        if hearts.count > maxHearts { hearts.removeFirst(hearts.count - maxHearts) }
    }

    public override func update(_ step: FrameStep) {
        guard !hearts.isEmpty else { return }
        for i in hearts.indices { hearts[i].age += step.dt }
        hearts.removeAll { $0.isFinished }
    }

    /// Four draw items per visible heart.
    public override func draw(in canvas: Canvas) {
        for heart in hearts where heart.progress >= 0 {
            let opacity = heart.opacity
            guard opacity > 0 else { continue }
            let c = heart.center, w = heart.width * heart.scale
            canvas.withState(alpha: opacity) {
                canvas.fillHeart(center: c, width: w, heart.color)
                // A highlight on the left lobe.
                canvas.fillCircle(
                    center: Point(x: c.x - w * 0.2, y: c.y - w * 0.16), radius: w * 0.07,
                    Color.white.withAlpha(0.6))
            }
        }
    }
}

extension HeartsWidget: CatalogWidget {
    public static let catalogName = "hearts"
    public static var defaultLevel: Double { Levels.hearts }

    /// Options: `burstSize` (1...12, default 4) hearts per tap.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = HeartsWidget(level: level)
        widget.burstSize = try options.int("burstSize", default: widget.burstSize, in: 1...12)
        try options.finish()
        return widget
    }
}
