/// The root of the studio controller chain: it owns the one root widget that
/// the whole tree hangs on, the announcer, the room and the environment. Nothing more.
open class RootStudio: StudioHost, EventListener {
    /// The canvas-like root widget: full viewport, touch-transparent.
    public let root: Widget
    public let announcer: Announcer
    public let environment: StudioEnvironment
    public private(set) var room: RoomInfo
    /// The studio's own subscriptions: they end with the studio.
    private var subscriptions: [SubscriptionToken] = []

    public init(room: RoomInfo, environment: StudioEnvironment, announcer: Announcer = Announcer()) {
        self.room = room
        self.environment = environment
        self.announcer = announcer
        root = Widget(name: "root", level: 0, frame: Rect(origin: .zero, size: environment.viewport))
        root.isGesturePenetrate = true
    }

    /// The studio's own event handler; subclasses subscribe with `listen(to:)` and override
    /// this to react.
    open func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {}

    /// Subscribes the studio to `names` (its `onEvent` receives them) for as long as it
    /// lives. Call from `studioDidLoad`.
    public func listen(to names: EventName..., priority: Int = 0) {
        for name in names { subscriptions.append(announcer.subscribe(self, to: name, priority: priority)) }
    }

    /// Attaches the root widget (and so every widget already added) to this studio.
    func attachRoot() {
        guard !root.isLoaded else { return }
        root.attach(WidgetContext(studio: self, announcer: announcer, layer: .background, environment: environment))
    }

    /// Detaches the root widget: every widget's `didUnload` runs, children first.
    func detachRoot() {
        if root.isLoaded { root.detach() }
    }
}
