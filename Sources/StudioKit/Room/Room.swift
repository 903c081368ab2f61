/// A live room: the one class every room is, whatever its kind, composed of parts that each
/// have one duty rather than a chain of classes that each add one.
///
/// - `lifecycle` (`RoomLifecycle`): created, loaded, leaving, left; it only moves forward.
/// - `input` (`InputRouter`): pointer and key input turned into gestures, and each gesture
///   delivered to the widget that claims it, or announced to the room.
/// - `stack` (`LayerStack`): the five Z-layers, adding widgets by level, the concealing
///   list, and lite mode, whose state lives there alone.
/// - `parts` (`RoomPart`): what the configuration and the kind add (the live session, the
///   hearts, a PK's rounds). A part listens and publishes in the room's announcer, provides
///   services to widgets and to other parts, and finds its siblings only through those
///   services.
///
/// The room owns the root widget the whole tree hangs on, the announcer and the environment.
/// docs/ARCHITECTURE.md draws a tap's path through these parts.
public final class Room: StudioHost, EventListener {
    /// The canvas-like root widget: full viewport, touch-transparent.
    public let root: Widget
    public let announcer: Announcer
    public let environment: StudioEnvironment
    public let room: RoomInfo
    /// Where the room is in its life.
    public private(set) var lifecycle = RoomLifecycle.created
    /// The layers, the concealing list and lite mode.
    public let stack: LayerStack
    /// What the configuration and the kind add, in the order their hooks run.
    public let parts: [any RoomPart]
    /// The room's own subscriptions: they end with the room.
    private var subscriptions: [SubscriptionToken] = []
    /// Input, turned into gestures and delivered. Made on first use, since it reaches back
    /// to the room it routes for.
    public private(set) lazy var input = InputRouter(room: self, config: gestureConfig)
    private let gestureConfig: GestureConfig?

    /// A room with no widgets yet; add them with `add(_:)`, then `load()` it.
    /// - Parameters:
    ///   - gestureConfig: the recognizers' thresholds (default: for the viewport).
    ///   - parts: what the configuration and the kind add; each joins the room now, before
    ///     any of its hooks runs.
    public init(
        room: RoomInfo, environment: StudioEnvironment, announcer: Announcer = Announcer(),
        gestureConfig: GestureConfig? = nil, parts: [any RoomPart] = []
    ) {
        self.room = room
        self.environment = environment
        self.announcer = announcer
        self.gestureConfig = gestureConfig
        root = Widget(name: "root", level: 0, frame: Rect(origin: .zero, size: environment.viewport))
        root.passesTouchesThrough = true
        stack = LayerStack(root: root, viewport: environment.viewport, announcer: announcer)
        self.parts = parts
        for part in parts { part.link.join(self) }
    }

    // `listen(to:)` and `publish(_:)` come with `EventListener`.

    public var roomAnnouncer: Announcer? { announcer }

    public func keep(_ token: SubscriptionToken) { subscriptions.append(token) }

    /// The room's service `Service`: its own (lite mode, the text focus, likes, leaving,
    /// finding widgets), else the first part's that provides it.
    /// - Complexity: O(parts) dynamic casts.
    public func service<Service>(_ type: Service.Type) -> Service? {
        (self as? Service) ?? parts.lazy.compactMap { $0 as? Service }.first
    }

    /// The first part of type `P`, if the room has one (a kind's: `PKRounds`).
    /// - Complexity: O(parts).
    public func part<P: RoomPart>(_ type: P.Type) -> P? {
        parts.lazy.compactMap { $0 as? P }.first
    }

    /// Checks that each part's required services are there.
    /// - Parameter kind: the kind to name in the error (default: the room's).
    /// - Throws: `MissingPartServiceError` for the first that is not, naming the part, the
    ///   service and the kind.
    public func checkParts(kind: RoomKind? = nil) throws {
        for part in parts {
            for key in type(of: part).requiredServices where !key.isProvided(by: self) {
                throw MissingPartServiceError(part: "\(type(of: part))", service: key, kind: kind ?? room.kind)
            }
        }
    }

    // MARK: Lifecycle

    /// Loads the room: attaches the widget tree (every widget's `didLoad` runs), runs each
    /// part's `roomDidLoad()` and announces `.studioDidLoad`. Calling it twice does nothing.
    public func load() {
        guard lifecycle == .created else { return }
        if !root.isLoaded {
            root.attach(WidgetContext(studio: self, announcer: announcer, layer: .background, environment: environment))
        }
        _ = lifecycle.advance(to: .loaded)
        for part in parts {
            part.roomDidLoad()
            (part as? any PartWrittenForAnEarlierRelease)?.runEarlierLoadHooks()
        }
        publish(.studioDidLoad)
    }

    /// The room is about to be left (a transition or close starts). Widgets still run.
    package func willLeave() {
        guard lifecycle.advance(to: .leaving) else { return }
        publish(.studioWillLeave)
        // Delivered now: after this the room's loop no longer runs, and listeners must see
        // the event before the tree goes away.
        announcer.deliverQueuedIfIdle()
    }

    /// The room was left: widgets unload (children first) and the room is done.
    package func didLeave() {
        willLeave()
        guard lifecycle.advance(to: .left) else { return }
        publish(.studioDidLeave)
        announcer.deliverQueuedIfIdle()
        if root.isLoaded { root.detach() }
    }

    /// What the room hands back when it is left: watch time, and what each part counted
    /// (hearts, gifts).
    public var output: StudioOutput {
        var out = StudioOutput(scheme: .room(room.id, kind: room.kind), watchTime: environment.time)
        for part in parts { part.contribute(to: &out) }
        return out
    }

    // MARK: Widgets

    /// Adds a widget to the layer its level belongs to (`LayerStack.add(_:)`), once the
    /// room is known to provide every service it and its subtree need.
    /// - Throws: `StudioError.invalidLevel` for a negative or non-finite level;
    ///   `MissingRoomServiceError` when the widget, or one in its subtree, needs a service
    ///   (`Widget.requiredServices`) this room does not provide.
    public func add(_ widget: Widget) throws {
        for member in widget.subtree() {
            for key in type(of: member).requiredServices where !key.isProvided(by: self) {
                throw MissingRoomServiceError(
                    widget: member.name, widgetType: "\(type(of: member))", service: key, kind: room.kind)
            }
        }
        try stack.add(widget)
    }

    public func layer(_ kind: LayerKind) -> LayerContainer { stack.layer(kind) }

    /// The five layer containers, bottom to top, children of `root`.
    public var layers: [LayerKind: LayerContainer] { stack.layers }

    /// The widget called `name` (its catalog name) among the layers' widgets, if it is a `W`.
    /// - Complexity: O(widgets).
    public func widget<W: Widget>(named name: String, as type: W.Type = W.self) -> W? {
        stack.firstWidget { $0.name == name } as? W
    }

    /// The widget called `name`, whatever its type.
    public func widget(named name: String) -> Widget? { stack.firstWidget { $0.name == name } }

    /// The first widget of type `W`, if any.
    /// - Complexity: O(widgets).
    public func widget<W: Widget>(_ type: W.Type) -> W? { stack.firstWidget { $0 is W } as? W }

    // MARK: Input

    /// Handles one input event (`InputRouter.handle(_:)`), while the room is loaded. Events
    /// only queue announcements; they are delivered in the frame's dispatch phase.
    package func handleInput(_ event: InputEvent) {
        guard lifecycle == .loaded else { return }
        input.handle(event)
    }

    /// The recognizers that input goes through.
    public var gestures: GestureRouter { input.gestures }

    /// What a swipe along each axis does (from the configuration).
    package var gestureMapping: GestureMapping {
        get { input.mapping }
        set { input.mapping = newValue }
    }

    /// A swipe moved or ended, after the input router announced it: the room follows the
    /// finger, with lite mode's slide or the next room's, as the mapping says.
    func follow(_ swipe: SwipeInfo, doing action: SwipeAction) {
        switch action {
        case .toggleLite: stack.followLiteSwipe(swipe)
        case .switchRoom: followRoomSwipe(swipe)
        case .none: break
        }
    }

    /// The room does not know its neighbours: it reports the drag (`.roomDragged`) so its
    /// owner can show the next room following the finger, and on a committed swipe asks for
    /// the next room (swipe up) or the previous one (swipe down).
    private func followRoomSwipe(_ info: SwipeInfo) {
        switch info.phase {
        case .began, .changed:
            publish(.roomDragged, .moved(offset: info.translation))
        case .ended where info.committed && info.direction != 0:
            publish(.roomChangeRequested, info.direction < 0 ? .next : .previous)
        case .ended, .cancelled, .failed, .possible:
            publish(.roomDragged, .released)
        }
    }

    /// Asks the room's owner to close it (the close button and Esc call this).
    public func requestClose() {
        publish(.closeRequested)
    }

    /// A like at `point` (room coordinates), as a double tap on a picture sends it:
    /// announced (`.likeSent`) for a bigger burst, and counted with the taps' hearts.
    public func sendLike(at point: Point) {
        publish(.likeSent, point)
    }

    // MARK: Lite mode and the concealing list

    /// True while lite mode is on or being entered (`LayerStack.isLiteMode`).
    public var isLiteMode: Bool { stack.isLiteMode }

    public func toggleLiteMode() { stack.setLiteMode(!stack.isLiteMode) }

    package func setLiteMode(_ lite: Bool) { stack.setLiteMode(lite) }

    /// Replaces the concealing list; widgets already added are concealed or revealed.
    public func conceal(levels: Set<Double>) { stack.conceal(levels: levels) }

    package func isConcealed(_ level: Double) -> Bool { stack.isConcealed(level) }

    // MARK: Feed

    /// Server notes this room dropped because a part did not admit them (see `receiveFeed`).
    package private(set) var gatedFeedNotes = 0

    /// Takes one note of the room's server (the driver's inbox phase) and announces it to
    /// the widgets if every part admits it now. This is the one place the room's state gates
    /// what its server sends (a host's preview shows no gifts); widgets never check.
    package func receiveFeed(_ note: StudioNote) {
        guard parts.allSatisfy({ $0.admits(note) }) else {
            gatedFeedNotes += 1
            return
        }
        announcer.publish(note.event)
    }

    // MARK: Frame

    /// One fixed step: the parts' before the widgets', the gestures' clock, lite mode's
    /// slide, every widget, then the parts' after.
    /// - Complexity: O(widgets) per step.
    public func update(_ step: FrameStep) {
        for part in parts { part.willUpdate(step) }
        let probe = environment.probe
        let start = probe?.now() ?? 0
        environment.time = step.time
        if lifecycle == .loaded { input.advance(to: step.time) }
        stack.step(step)
        probe?.record(studioWork: "gestures and lite", start: start, end: probe?.now() ?? 0)
        root.updateTree(step)
        for part in parts { part.didUpdate(step) }
    }

    /// Draws the five layers bottom-up into `canvas`, each marked in the display list: a
    /// frame of this room alone, as the driver draws it when no room is following the finger.
    /// - Complexity: O(visible widgets) per frame.
    public func draw(in canvas: Canvas) {
        for kind in LayerKind.allCases {
            canvas.beginLayer(kind)
            stack.drawLayerTree(kind, in: canvas)
            canvas.endLayer()
        }
    }
}

extension Room: LiteModeService, TextFocusService, LikeService, RoomExitService, WidgetLookupService {
    public func focusText(_ widget: any TextEditingWidget) { input.focusText(widget) }
    public func resignTextFocus(_ widget: any TextEditingWidget) { input.resignTextFocus(widget) }
}

/// Where a room is in its life. It only moves forward: created, loaded, leaving, left.
public enum RoomLifecycle: String, Hashable, Sendable, CaseIterable {
    case created, loaded, leaving, left

    /// Moves to `next` when it is the very next state; false, changing nothing, otherwise (a
    /// room never loaded is never left).
    mutating func advance(to next: RoomLifecycle) -> Bool {
        let all = Self.allCases
        guard let here = all.firstIndex(of: self), here + 1 < all.count, all[here + 1] == next else { return false }
        self = next
        return true
    }
}

extension Announcer {
    /// Delivers what is queued unless a delivery is already under way (then the events wait
    /// for it, which delivers them in order: no re-entrance).
    func deliverQueuedIfIdle() {
        if !isDelivering { deliverQueued() }
    }
}
