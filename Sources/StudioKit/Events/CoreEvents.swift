/// The events the core itself publishes. Studios and widgets declare theirs the same way,
/// in an extension next to the code that publishes them.
extension EventKey where Payload == Point {
    /// A tap on the room that nothing under the finger took, where it landed.
    package static let roomTapped = EventKey("roomTapped")
    /// A like sent by a gesture (`TouchableStudio.sendLike(at:)`), where it was sent.
    package static let likeSent = EventKey("likeSent")
}

extension EventKey where Payload == SwipeInfo {
    /// A horizontal swipe began, moved, ended or was cancelled.
    package static let horizontalSwipe = EventKey("horizontalSwipe")
    /// A vertical swipe began, moved, ended or was cancelled.
    package static let verticalSwipe = EventKey("verticalSwipe")
}

extension EventKey where Payload == Bool {
    /// Lite mode was switched: whether the room is now lite.
    package static let liteModeChanged = EventKey("liteModeChanged")
    /// The video turned to landscape (true) or back to portrait (false).
    package static let orientationChanged = EventKey("orientationChanged")
}

extension EventKey where Payload == NoPayload {
    /// The studio loaded: its widgets are in the tree and listening.
    package static let studioDidLoad = EventKey("studioDidLoad")
    /// The studio is about to be left; its widgets are still there.
    package static let studioWillLeave = EventKey("studioWillLeave")
    /// The studio was left; its widgets unload next.
    package static let studioDidLeave = EventKey("studioDidLeave")
    /// The studio asks its owner to close it.
    package static let closeRequested = EventKey("closeRequested")
}

extension EventKey where Payload == Int {
    /// The studio asks its owner for the next (+1) or the previous (-1) room.
    package static let roomChangeRequested = EventKey("roomChangeRequested")
    /// The room gesture went past the first (-1) or the last (+1) room of the list: the
    /// room bounces.
    package static let roomEdgeReached = EventKey("roomEdgeReached")
}

/// Where the finger has the room during a room-switch drag.
package enum RoomDrag: Hashable, Sendable {
    /// The finger holds the room `offset` points from its place (negative: up).
    case moved(offset: Double)
    /// The finger let go short of a change: the room springs back.
    case released
}

extension EventKey where Payload == RoomDrag {
    /// The finger drags the room vertically (a room-switch swipe in progress), or let go.
    package static let roomDragged = EventKey("roomDragged")
}
