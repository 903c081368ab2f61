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
        root.passesTouchesThrough = true
    }

    // `listen(to:)` and `publish(_:)` come with `EventListener`.

    public var roomAnnouncer: Announcer? { announcer }

    public func keep(_ token: SubscriptionToken) { subscriptions.append(token) }

    /// The services the studio itself provides (the protocols it conforms to); a studio
    /// composed of parts adds theirs.
    open func service<Service>(_ type: Service.Type) -> Service? { self as? Service }

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
