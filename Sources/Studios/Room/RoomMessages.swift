import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// What the room itself says: toasts in the middle of the screen, and notices in the
/// comment list. It also tells the viewer when a swipe finds no room past the first or the
/// last.
public final class RoomMessages: RoomPart, RoomNoticeService {
    public let link = RoomLink()

    public init() {}
    public func roomDidLoad() {
        listen(to: .roomEdgeReached) { $0.toast($1 == .previous ? "This is the first room" : "This is the last room") }
    }

    /// Asks for a short message in the middle of the screen (the toast widget shows it).
    public func toast(_ text: String) {
        publish(.toastRequested, text)
    }

    /// Posts a line from the room itself into the comment list (`.commentArrived`), its
    /// sender's name in gold: "Marco wins the PK!".
    public func postNotice(_ text: String, from user: String = "LiveStudio") {
        publish(.commentArrived, Comment(user: user, text: text, userColor: Palette.gold))
    }
}
