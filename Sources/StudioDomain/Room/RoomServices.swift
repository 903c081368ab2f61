import StudioKit

/// The configured rooms' services to their widgets, beside the core's (see
/// `LiteModeService`): the live session and its clock, the orientation, and finding another
/// widget of the room. The room's components provide the first two (`LiveSession`,
/// `RoomOrientation`), the room itself the others.

/// The room's live session: preview, live or ended, and the clock counted from going live.
public protocol LiveSessionService: AnyObject {
    var liveState: LiveState { get }
    /// Seconds since the room went live (0 before).
    var liveTime: Double { get }
}

/// The room's orientation: portrait, or the screen turned on its side.
public protocol OrientationService: AnyObject {
    var isLandscape: Bool { get }
    func setLandscape(_ landscape: Bool)
    func toggleOrientation()
}

/// Another widget of the room, by its name or its type.
public protocol WidgetLookupService: AnyObject {
    func widget(named name: String) -> Widget?
    func widget<W: Widget>(_ type: W.Type) -> W?
}

/// What the room's kind is called, as its configuration titles it ("Live shopping").
public protocol KindTitleService: AnyObject {
    var kindTitle: String { get }
}

extension WidgetContext {
    public var liveSession: (any LiveSessionService)? { service((any LiveSessionService).self) }
    public var orientation: (any OrientationService)? { service((any OrientationService).self) }
    public var widgets: (any WidgetLookupService)? { service((any WidgetLookupService).self) }
    package var kindTitle: String? { service((any KindTitleService).self)?.kindTitle }
}
