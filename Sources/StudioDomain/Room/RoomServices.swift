import StudioKit

/// The configured rooms' services, beside the core's (see `LiteModeService`): the live
/// session and its clock, the orientation, what the kind is called, the room's own messages
/// and its badge. The room's parts provide them (`LiveSession`, `RoomOrientation`,
/// `RoomConfiguration`, `RoomMessages`, `RoomBadge`), to its widgets and to each other.

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

/// What the room's kind is called, as its configuration titles it ("Live shopping").
public protocol KindTitleService: AnyObject {
    var kindTitle: String { get }
}

/// What the room itself says: a toast in the middle of the screen, or a notice in the
/// comment list.
public protocol RoomNoticeService: AnyObject {
    /// A short message in the middle of the screen.
    func toast(_ text: String)
    /// A line from the room itself in the comment list, its sender's name in gold.
    func postNotice(_ text: String, from user: String)
}

extension RoomNoticeService {
    /// A notice from LiveStudio itself.
    public func postNotice(_ text: String) { postNotice(text, from: "LiveStudio") }
}

/// The short state a kind keeps beside the room's badge ("2W 1L").
public protocol BadgeDetailService: AnyObject {
    var detail: String? { get set }
}

extension Room {
    /// The room's messages (`RoomNoticeService`), if it has them.
    public var notices: (any RoomNoticeService)? { service((any RoomNoticeService).self) }
    /// The badge's detail (`BadgeDetailService`), if the room has a badge part.
    public var badgeDetail: (any BadgeDetailService)? { service((any BadgeDetailService).self) }
}

extension WidgetContext {
    public var liveSession: (any LiveSessionService)? { service((any LiveSessionService).self) }
    public var orientation: (any OrientationService)? { service((any OrientationService).self) }

    package var kindTitle: String? { service((any KindTitleService).self)?.kindTitle }
}
