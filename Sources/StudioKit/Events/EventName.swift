import Foundation

/// The name of an event, named for what happened (`heartTapped`, `roomSwiped`), declared
/// once as a static constant rather than spelled as a string at each use.
///
/// Names are interned: each distinct text gets a small number once, when the first name
/// with that text is made, so comparing, hashing and copying a name is comparing, hashing and
/// copying one integer, and the announcer finds a name's listeners by indexing an array.
public struct EventName: Hashable, Sendable, CustomStringConvertible {
    /// The name's index in the process-wide table of names; equal texts, equal ids.
    let id: Int

    /// - Complexity: one lock and one dictionary lookup; make names once (`static let`).
    public init(_ rawValue: String) {
        id = EventNameTable.shared.intern(rawValue)
    }

    /// The name already interned as `id`.
    init(interned id: Int) { self.id = id }

    /// The name's text.
    public var rawValue: String { EventNameTable.shared.text(of: id) }

    public var description: String { rawValue }
}

/// The process-wide intern table behind `EventName`. Names are made from any thread (static
/// constants initialise lazily on first use), so the table is guarded by a lock; it only
/// grows, by one entry per distinct text.
final class EventNameTable: @unchecked Sendable {
    // @unchecked: `ids` and `texts` are only touched while holding `lock`.
    static let shared = EventNameTable()

    private let lock = NSLock()
    private var ids: [String: Int] = [:]
    private var texts: [String] = []

    func intern(_ text: String) -> Int {
        lock.withLock {
            if let id = ids[text] { return id }
            texts.append(text)
            ids[text] = texts.count - 1
            return texts.count - 1
        }
    }

    func text(of id: Int) -> String {
        lock.withLock { texts[id] }
    }
}

/// The events the core itself announces. Studios and widgets declare theirs the same way,
/// in an extension next to the code that posts them.
extension EventName {
    /// A tap on the room (nothing under the finger took it). Payload: `.point`.
    public static let roomTapped = EventName("roomTapped")
    /// A horizontal swipe began, moved, ended or was cancelled. Payload: `.swipe`.
    public static let horizontalSwipe = EventName("horizontalSwipe")
    /// A vertical swipe began, moved, ended or was cancelled. Payload: `.swipe`.
    public static let verticalSwipe = EventName("verticalSwipe")
    /// Lite mode was switched. Payload: `.bool(isLite)`.
    public static let liteModeChanged = EventName("liteModeChanged")
    /// The studio loaded / will leave / did leave. Payload: `.none`.
    public static let studioDidLoad = EventName("studioDidLoad")
    public static let studioWillLeave = EventName("studioWillLeave")
    public static let studioDidLeave = EventName("studioDidLeave")
    /// The studio asks its owner to go to the next (+1) or previous (-1) room. Payload: `.int`.
    public static let roomChangeRequested = EventName("roomChangeRequested")
    /// The studio asks its owner to close it. Payload: `.none`.
    public static let closeRequested = EventName("closeRequested")
}
