/// What a room offers its widgets, one duty to a protocol, so that a widget names the
/// service it needs rather than the studio class that happens to provide it: a widget asks
/// its context (`WidgetContext.service(_:)`, or the named accessors below), and a test can
/// hand it a fake. A room that does not provide a service answers nil, and the widget does
/// without (a lite switch in a room without lite mode draws itself off).
///
/// The room provides these itself; its parts add their own (the live session, the
/// orientation) in the module that defines them.

/// Lite mode: whether the movable layer is away, and the switch.
public protocol LiteModeService: AnyObject {
    var isLiteMode: Bool { get }
    func toggleLiteMode()
}

/// The keyboard's focus: a text field takes it while it edits, and gives it back.
public protocol TextFocusService: AnyObject {
    func focusText(_ widget: any TextEditingWidget)
    func resignTextFocus(_ widget: any TextEditingWidget)
}

/// The room's likes: a like at a point, counted with the taps' hearts.
public protocol LikeService: AnyObject {
    func sendLike(at point: Point)
}

/// Leaving the room: the close button's request, which runs the lifecycle.
public protocol RoomExitService: AnyObject {
    func requestClose()
}

/// Another widget of the room, by its name or its type. A lookup by name says the type it
/// expects, so that a widget of another type under that name answers nil rather than a
/// `Widget` to cast.
public protocol WidgetLookupService: AnyObject {
    func widget<W: Widget>(named name: String, as type: W.Type) -> W?
    func widget<W: Widget>(_ type: W.Type) -> W?
}

extension WidgetContext {
    /// The room's service `Service`, or nil where the room provides none.
    /// - Complexity: one dynamic cast; read it when it is needed, it is not stored.
    public func service<Service>(_ type: Service.Type) -> Service? { studio?.service(type) }

    package var liteMode: (any LiteModeService)? { service((any LiteModeService).self) }
    package var textFocus: (any TextFocusService)? { service((any TextFocusService).self) }
    public var likes: (any LikeService)? { service((any LikeService).self) }
    package var roomExit: (any RoomExitService)? { service((any RoomExitService).self) }
    public var widgets: (any WidgetLookupService)? { service((any WidgetLookupService).self) }
}
