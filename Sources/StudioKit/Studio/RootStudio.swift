/// The root of the studio controller chain (seed 003): it owns the one root widget that
/// the whole tree hangs on, the announcer, the room and the environment. Nothing more.
open class RootStudio: StudioHost, EventListener {
    /// The canvas-like root widget: full viewport, touch-transparent.
    public let root: Widget
    public let announcer: Announcer
    public let environment: StudioEnvironment
    public private(set) var room: RoomInfo

    public init(room: RoomInfo, environment: StudioEnvironment, announcer: Announcer = Announcer()) {
        self.room = room
        self.environment = environment
        self.announcer = announcer
        root = Widget(name: "root", level: 0, frame: Rect(origin: .zero, size: environment.viewport))
        root.isGesturePenetrate = true
    }

    /// Overridden by the core business studio, which owns lite mode.
    open var isLiteMode: Bool { false }

    /// The studio's own event handler; subclasses subscribe with `announcer.subscribe(self, ...)`
    /// and override this to react.
    open func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {}

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
