/// A room's layers: the five Z-layers, adding widgets by level, the concealing list, and
/// lite mode (the movable layer slides away, following the finger). Lite mode's state lives
/// here and nowhere else: the lite switch, the L key and a lite swipe all end in
/// `setLiteMode(_:)`, which announces `.liteModeChanged` for whoever shows it.
public final class LayerStack {
    /// The five layer containers, bottom to top, children of the room's root.
    public let layers: [LayerKind: LayerContainer]
    private let viewport: Size
    private let announcer: Announcer
    /// Levels that this room conceals (from its configuration): widgets at these levels
    /// stay in the tree but neither update, draw nor take touches.
    package private(set) var concealedLevels: Set<Double> = []

    /// 0 = normal, 1 = lite (the movable layer fully away). Follows the finger during a
    /// lite swipe, then eases to 0 or 1.
    package private(set) var liteProgress: Double = 0
    package private(set) var liteTarget: Double = 0
    /// True while a finger drives `liteProgress`.
    private var isFollowingLite = false
    /// Seconds a lite or drag animation takes to settle.
    package var settleDuration: Double = 0.25

    init(root: Widget, viewport: Size, announcer: Announcer) {
        self.viewport = viewport
        self.announcer = announcer
        var layers: [LayerKind: LayerContainer] = [:]
        for kind in LayerKind.allCases {
            let container = LayerContainer(kind: kind, viewport: viewport)
            layers[kind] = container
            // Layer levels are 0,100,...,400 and valid by construction.
            try! root.addChild(container)
        }
        self.layers = layers
    }

    /// True while lite mode is on or being entered (the movable layer is away or going).
    public var isLiteMode: Bool { liteTarget >= 1 }

    /// What lite mode keeps on screen: every layer but the movable one (the cover, the
    /// video, the lite buttons, and the float layer's hearts, toasts and dialogs). The
    /// movable layer (host info, comments, danmaku, docker) slides away with the finger
    /// and, once fully away, is neither drawn nor touched.
    package static let layersKeptInLiteMode: Set<LayerKind> = [.background, .displayer, .lite, .float]

    /// Adds a widget to the layer its level belongs to, ordered among that layer's widgets
    /// by level (ties: insertion order). Loaded at once if the room is loaded.
    /// - Throws: `StudioError.invalidLevel` for a negative or non-finite level.
    func add(_ widget: Widget) throws {
        try layers[try LayerKind.of(level: widget.level)]!.addChild(widget)
    }

    /// The first of the layers' widgets, bottom layer first, for which `matches` holds.
    /// - Complexity: O(widgets).
    func firstWidget(where matches: (Widget) -> Bool) -> Widget? {
        for kind in LayerKind.allCases {
            if let hit = layer(kind).children.first(where: matches) { return hit }
        }
        return nil
    }

    public func layer(_ kind: LayerKind) -> LayerContainer { layers[kind]! }

    /// Replaces the concealing list; widgets already added are concealed or revealed.
    public func conceal(levels: Set<Double>) {
        concealedLevels = levels
        for container in layers.values { container.concealedLevels = levels }
    }

    package func isConcealed(_ level: Double) -> Bool { concealedLevels.contains(level) }

    // MARK: Lite mode

    package func setLiteMode(_ lite: Bool) {
        let target: Double = lite ? 1 : 0
        guard target != liteTarget else { return }
        liteTarget = target
        announcer.publish(.liteModeChanged, lite)
    }

    /// Swiping right sends the movable layer away (lite); swiping left brings it back.
    func followLiteSwipe(_ info: SwipeInfo) {
        let towardsLite = liteTarget == 0
        switch info.phase {
        case .began, .changed:
            isFollowingLite = true
            let p = towardsLite ? info.progress : 1 + info.progress
            liteProgress = min(max(p, 0), 1)
        case .ended:
            isFollowingLite = false
            if info.committed, (towardsLite && info.direction > 0) || (!towardsLite && info.direction < 0) {
                setLiteMode(towardsLite)
            }
        case .cancelled, .failed, .possible:
            isFollowingLite = false
        }
    }

    // MARK: Frame

    /// Lite mode's slide by one fixed step: it settles once no finger drives it, and the
    /// layers lite mode sends away follow it.
    func step(_ step: FrameStep) {
        if !isFollowingLite {
            liteProgress = Self.settle(liteProgress, towards: liteTarget, dt: step.dt, duration: settleDuration)
        }
        let width = viewport.width
        for kind in LayerKind.allCases where !Self.layersKeptInLiteMode.contains(kind) {
            let away = layer(kind)
            // Linear in the progress, so that under a finger the layer moves exactly as far as
            // the finger did; the ease is in time, in `settle`, once the finger lifts.
            away.transform = .translation(width * liteProgress, 0)
            away.alpha = 1 - 0.4 * liteProgress
            // A layer takes touches only at rest: while it slides away or back (a swipe up
            // right after the lite button), a finger landing where it passes means the room,
            // not the comment list sliding by, as toolkits hit-test an animated view where it
            // is going rather than where it is drawn.
            away.takesTouches = liteProgress == liteTarget
        }
        showLayers()
    }

    /// Draws one layer's container and widgets into the layer open in `canvas`, moved down
    /// by `dy` and then clipped to the screen (a room following the finger, or the next one
    /// coming in). The driver draws every frame through this, and `draw(in:)` too, so that a
    /// test drawing a room alone draws exactly what the window shows.
    package func drawLayerTree(_ kind: LayerKind, in canvas: Canvas, dy: Double = 0) {
        if dy == 0 {
            layer(kind).drawTree(in: canvas)
            return
        }
        canvas.withState(transform: .translation(0, dy)) {
            canvas.withClip(Rect(origin: .zero, size: viewport)) { layer(kind).drawTree(in: canvas) }
        }
    }

    /// Layers hidden whatever lite mode says: a part covering the page (a landscape
    /// screen over the portrait layers) lists them here, and they show again once removed.
    package var coveredLayers: Set<LayerKind> = [] {
        didSet { showLayers() }
    }

    /// A layer shows unless it is covered or lite mode has slid it all the way away.
    private func showLayers() {
        for kind in LayerKind.allCases {
            layer(kind).isHidden =
                coveredLayers.contains(kind)
                || (!Self.layersKeptInLiteMode.contains(kind) && liteProgress >= 1)
        }
    }

    /// One step of the slide towards `target` after the finger lifts: a quarter of the way
    /// left per 1/60 s at the usual duration, so it starts fast and slows as it arrives (an
    /// ease-out in time), with a floor speed so that it ends, about `duration` seconds from
    /// a full slide.
    static func settle(_ value: Double, towards target: Double, dt: Double, duration: Double) -> Double {
        let remaining = target - value
        guard remaining != 0, dt > 0, duration > 0 else { return target }
        let step = max(abs(remaining) * min(1, 4 * dt / duration), 0.5 * dt / duration)
        return abs(remaining) <= step ? target : value + (remaining > 0 ? step : -step)
    }
}
