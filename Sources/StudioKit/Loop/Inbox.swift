import Foundation

/// The one thing that crosses threads: I/O components (feed, player) send notes from their
/// own threads; the loop drains them at the start of each frame and turns them into
/// announcer events on the loop thread.
public final class Inbox<Note: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `notes` holds `lock`.
    private let lock = NSLock()
    private var notes: [Note] = []

    public init() {}

    /// Thread-safe; O(1) amortized.
    public func send(_ note: Note) {
        lock.lock()
        notes.append(note)
        lock.unlock()
    }

    /// Moves every waiting note into `buffer` (appending), oldest first. Thread-safe.
    public func drain(into buffer: inout [Note]) {
        lock.lock()
        buffer.append(contentsOf: notes)
        notes.removeAll(keepingCapacity: true)
        lock.unlock()
    }
}

/// A note for the studio: an event to announce on the loop thread.
public struct StudioNote: Sendable, Hashable {
    public var name: EventName
    public var payload: EventPayload
    /// The room the note is for; a note for a room that is no longer current is dropped
    /// (a late message from the previous room's connection). Nil: whatever room is current.
    public var roomID: Int?

    public init(_ name: EventName, _ payload: EventPayload = .none, roomID: Int? = nil) {
        self.name = name
        self.payload = payload
        self.roomID = roomID
    }
}
