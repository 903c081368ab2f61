import Foundation

/// The name of an event, named for what happened (`heartTapped`, `roomSwiped`), declared
/// once as a static constant rather than spelled as a string at each use.
///
/// Names are interned: each distinct text gets a small number once, when the first name
/// with that text is made, so comparing, hashing and copying a name is comparing, hashing and
/// copying one integer, and the announcer finds a name's listeners by indexing an array.
///
/// An event that carries a value of a studio's own type is declared as an `EventKey` instead;
/// its name (`key.name`) is then typed, and only the key posts under it.
public struct EventName: Hashable, Sendable, CustomStringConvertible {
    /// The name's index in the process-wide table of names; equal texts, equal ids.
    @usableFromInline let id: Int
    /// Whether an `EventKey` owns this name. The table gives a text one kind for the whole
    /// process, so equal ids have equal flags; the untyped `post` reads it without a lock.
    let isTyped: Bool

    /// - Complexity: one lock and one dictionary lookup; make names once (`static let`).
    /// - Precondition: no `EventKey` has this text (a typed event is named by its key).
    public init(_ rawValue: String) {
        id = EventNameTable.shared.intern(rawValue, payloadType: nil)
        isTyped = false
    }

    /// The typed name of an `EventKey` whose payload is `payloadType`.
    init(typed rawValue: String, payloadType: Any.Type) {
        id = EventNameTable.shared.intern(rawValue, payloadType: payloadType)
        isTyped = true
    }

    /// The name already interned as `id`.
    init(interned id: Int) {
        self.id = id
        isTyped = EventNameTable.shared.isTyped(id)
    }

    /// The name's text.
    public var rawValue: String { EventNameTable.shared.text(of: id) }

    public var description: String { rawValue }

    @inlinable public static func == (a: EventName, b: EventName) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The process-wide intern table behind `EventName`. Names are made from any thread (static
/// constants initialise lazily on first use), so the table is guarded by a lock; it only
/// grows, by one entry per distinct text.
final class EventNameTable: @unchecked Sendable {
    // @unchecked: `ids` and `entries` are only touched while holding `lock`.
    static let shared = EventNameTable()

    private struct Entry {
        let text: String
        /// The payload type of the `EventKey` that owns the text; nil for an untyped name.
        let payloadType: ObjectIdentifier?
        let payloadTypeName: String
    }

    private let lock = NSLock()
    private var ids: [String: Int] = [:]
    private var entries: [Entry] = []

    /// The id of `text`, interned as untyped (`payloadType` nil) or as the name of a key with
    /// that payload type. A text has one kind for the whole process: declaring it both
    /// untyped and typed, or typed with two payload types, traps, whichever comes first, so
    /// that a typed name can only ever carry its key's payload.
    func intern(_ text: String, payloadType: Any.Type?) -> Int {
        let type = payloadType.map(ObjectIdentifier.init)
        return lock.withLock {
            if let id = ids[text] {
                let entry = entries[id]
                precondition(entry.payloadType == type, """
                    event '\(text)' is declared twice, as \(Self.kind(entry.payloadTypeName)) and as                     \(Self.kind(payloadType.map { "\($0)" } ?? "")): declare it once, as an                     EventKey<Payload> if it carries a value of its own type
                    """)
                return id
            }
            entries.append(Entry(text: text, payloadType: type, payloadTypeName: payloadType.map { "\($0)" } ?? ""))
            ids[text] = entries.count - 1
            return entries.count - 1
        }
    }

    private static func kind(_ payloadTypeName: String) -> String {
        payloadTypeName.isEmpty ? "an EventName" : "an EventKey<\(payloadTypeName)>"
    }

    func text(of id: Int) -> String {
        lock.withLock { entries[id].text }
    }

    func isTyped(_ id: Int) -> Bool {
        lock.withLock { entries[id].payloadType != nil }
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
