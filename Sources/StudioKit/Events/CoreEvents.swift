/// The events the core itself publishes. Rooms' parts and widgets declare theirs the same way,
/// in an extension next to the code that publishes them.
extension EventKey where Payload == Point {
    /// A tap on the room that nothing under the finger took, where it landed.
    package static let roomTapped = EventKey("roomTapped")
    /// A like sent by a gesture (`Room.sendLike(at:)`), where it was sent.
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
    /// - Unheard: the lite switch reads the state from the room; tools that log every event
    ///   (DevTools, recordings) and packages hear it.
    package static let liteModeChanged = EventKey("liteModeChanged")
    /// The video turned to landscape (true) or back to portrait (false).
    package static let orientationChanged = EventKey("orientationChanged")
}

extension EventKey where Payload == NoPayload {
    /// The room loaded: its widgets are in the tree and listening.
    /// - Unheard: a milestone for tools that log every event (DevTools, recordings) and tests.
    package static let studioDidLoad = EventKey("studioDidLoad")
    /// The room is about to be left; its widgets are still there.
    /// - Unheard: a milestone for tools that log every event (DevTools, recordings) and tests.
    package static let studioWillLeave = EventKey("studioWillLeave")
    /// The room was left; its widgets unload next.
    /// - Unheard: a milestone for tools that log every event (DevTools, recordings) and tests.
    package static let studioDidLeave = EventKey("studioDidLeave")
    /// The room asks its owner to close it.
    package static let closeRequested = EventKey("closeRequested")
}

/// One step along the session's list of rooms.
public enum RoomStep: String, Hashable, Sendable, CaseIterable {
    /// The room after this one (a swipe up).
    case next
    /// The room before this one (a swipe down).
    case previous

    /// The step as an offset in the room list: +1 or -1.
    public var offset: Int { self == .next ? 1 : -1 }
}

extension EventKey where Payload == RoomStep {
    /// The room asks its owner for the next or the previous room.
    package static let roomChangeRequested = EventKey("roomChangeRequested")
    /// The room gesture went past the first room (`.previous`) or the last (`.next`) of the
    /// list: the room bounces.
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
