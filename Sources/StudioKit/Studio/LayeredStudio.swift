/// The core business studio: the five Z-layers, adding widgets by level, the
/// concealing list, and lite mode (the movable layer slides away, following the finger).
open class LayeredStudio: TouchableStudio {
    /// The five layer containers, bottom to top, children of `root`.
    public private(set) var layers: [LayerKind: LayerContainer] = [:]
    /// Levels that this studio conceals (from its configuration): widgets at these levels
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

    public override init(room: RoomInfo, environment: StudioEnvironment, gestureConfig: GestureConfig? = nil) {
        super.init(room: room, environment: environment, gestureConfig: gestureConfig)
        for kind in LayerKind.allCases {
            let container = LayerContainer(kind: kind, viewport: environment.viewport)
            layers[kind] = container
            // Layer levels are 0,100,...,400 and valid by construction.
            try! root.addChild(container)
        }
    }

    /// True while lite mode is on or being entered (the movable layer is away or going).
    public var isLiteMode: Bool { liteTarget >= 1 }

    /// What lite mode keeps on screen: every layer but the movable one (the cover, the
    /// video, the lite buttons, and the float layer's hearts, toasts and dialogs). The
    /// movable layer (host info, comments, danmaku, docker) slides away with the finger
    /// and, once fully away, is neither drawn nor touched.
    package static let layersKeptInLiteMode: Set<LayerKind> = [.background, .displayer, .lite, .float]

    /// Server notes this studio dropped because it did not admit them (see `admitsFeed`).
    package private(set) var gatedFeedNotes = 0

    /// Adds a widget to the layer its level belongs to, ordered among that layer's widgets
    /// by level (ties: insertion order). Loaded at once if the studio is loaded.
    /// - Throws: `StudioError.invalidLevel` for a negative or non-finite level;
    ///   `MissingRoomServiceError` when the widget, or one in its subtree, needs a service
    ///   (`Widget.requiredServices`) this studio does not provide.
    public func add(_ widget: Widget) throws {
        for member in widget.subtree() {
            for key in type(of: member).requiredServices where !key.isProvided(by: self) {
                throw MissingRoomServiceError(
                    widget: member.name, widgetType: "\(type(of: member))", service: key, kind: room.kind)
            }
        }
        try layers[try LayerKind.of(level: widget.level)]!.addChild(widget)
    }

    public func layer(_ kind: LayerKind) -> LayerContainer { layers[kind]! }

    /// Replaces the concealing list; widgets already added are concealed or revealed.
    public func conceal(levels: Set<Double>) {
        concealedLevels = levels
        for container in layers.values { container.concealedLevels = levels }
    }

    package func isConcealed(_ level: Double) -> Bool { concealedLevels.contains(level) }

    // MARK: Lite mode

    public func toggleLiteMode() { setLiteMode(!isLiteMode) }

    public override func respondToLiteKey() { toggleLiteMode() }

    package func setLiteMode(_ lite: Bool) {
        let target: Double = lite ? 1 : 0
        guard target != liteTarget else { return }
        liteTarget = target
        publish(.liteModeChanged, lite)
    }

    /// Follows the finger: lite mode's slide, or the next room's.
    public override func respond(to info: SwipeInfo, action: SwipeAction) {
        switch action {
        case .toggleLite: followLiteSwipe(info)
        case .switchRoom: followRoomSwipe(info)
        case .none: break
        }
    }

    /// Swiping right sends the movable layer away (lite); swiping left brings it back.
    private func followLiteSwipe(_ info: SwipeInfo) {
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

    /// The studio does not know its neighbours: it reports the drag (`.roomDragged`) so its
    /// owner can show the next room following the finger, and on a committed swipe asks for
    /// the next room (swipe up) or the previous one (swipe down).
    private func followRoomSwipe(_ info: SwipeInfo) {
        switch info.phase {
        case .began, .changed:
            publish(.roomDragged, .moved(offset: info.translation))
        case .ended where info.committed && info.direction != 0:
            publish(.roomChangeRequested, -info.direction)
        case .ended, .cancelled, .failed, .possible:
            publish(.roomDragged, .released)
        }
    }

    // MARK: Feed

    /// Takes one note of the room's server (the driver's inbox phase) and announces it to
    /// the widgets, if the studio admits it now. This is the one place the room's state
    /// gates what its server sends (a host's preview shows no gifts); widgets never check.
    package func receiveFeed(_ note: StudioNote) {
        guard admitsFeed(note.name) else {
            gatedFeedNotes += 1
            return
        }
        announcer.publish(note.event)
    }

    /// Whether a server note called `name` reaches the widgets now (all of them here).
    open func admitsFeed(_ name: EventName) -> Bool { true }

    // MARK: Frame

    /// Advances lite mode and every widget by one fixed step.
    /// - Complexity: O(widgets) per step.
    open func update(_ step: FrameStep) {
        let probe = environment.probe
        let start = probe?.now() ?? 0
        environment.time = step.time
        advanceGestures(to: step.time)
        if !isFollowingLite {
            liteProgress = Self.settle(liteProgress, towards: liteTarget, dt: step.dt, duration: settleDuration)
        }
        let width = environment.viewport.width
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
        probe?.record(studioWork: "gestures and lite", start: start, end: probe?.now() ?? 0)
        root.updateTree(step)
    }

    /// Draws the five layers bottom-up into `canvas`, each marked in the display list: a
    /// frame of this studio alone, as the driver draws it when no room is following the finger.
    /// - Complexity: O(visible widgets) per frame.
    public func draw(in canvas: Canvas) {
        for kind in LayerKind.allCases {
            canvas.beginLayer(kind)
            drawLayerTree(kind, in: canvas)
            canvas.endLayer()
        }
    }

    /// Draws one layer's container and widgets into the layer open in `canvas`, moved down
    /// by `dy` and then clipped to the screen (a room following the finger, or the next one
    /// coming in). The driver draws every frame through this, and `draw(in:)` too, so that a
    /// test drawing a studio alone draws exactly what the window shows.
    package func drawLayerTree(_ kind: LayerKind, in canvas: Canvas, dy: Double = 0) {
        if dy == 0 {
            layer(kind).drawTree(in: canvas)
            return
        }
        canvas.withState(transform: .translation(0, dy)) {
            canvas.withClip(Rect(origin: .zero, size: environment.viewport)) { layer(kind).drawTree(in: canvas) }
        }
    }

    /// Layers hidden whatever lite mode says: a subclass covering the page (a landscape
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
