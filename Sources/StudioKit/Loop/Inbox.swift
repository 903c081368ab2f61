import Foundation
import StudioFoundation

/// The one thing that crosses threads: I/O components (feed, player) send notes from their
/// own threads; the loop drains them at the start of each frame and turns them into
/// announcer events on the loop thread.
public final class Inbox<Note: Sendable>: Sendable {
    private struct Waiting {
        var notes: [Note] = []
        /// Each waiting note's flow id in `tracer` (0 when it came while not tracing).
        var flows: [UInt64] = []
        /// When set, each note sent is a slice on the sending thread ("feed", or the loop when
        /// the feed runs in lockstep) starting a flow that its delivery ends.
        var tracer: Tracer?
    }

    private let waiting = Locked(Waiting())

    public init() {}

    /// When set, each note sent is a slice on the sending thread starting a flow that its
    /// delivery ends (the driver sets it with its own).
    package var tracer: Tracer? {
        get { waiting.withLock { $0.tracer } }
        set { waiting.withLock { $0.tracer = newValue } }
    }

    /// Thread-safe; O(1) amortized. `thread` names the sending thread's track in a trace the
    /// first time it sends ("feed", "video decode").
    public func send(_ note: Note, thread: @autoclosure () -> String = "feed") {
        var flow: UInt64 = 0
        if let tracer {
            let begin = Tracer.now()
            flow = tracer.nextFlow()
            tracer.flow(flow, end: false, name: "note", at: begin, thread: thread())
            tracer.span("note sent", category: "feed", since: begin, thread: thread())
        }
        waiting.withLock {
            $0.notes.append(note)
            $0.flows.append(flow)
        }
    }

    /// Moves every waiting note into `buffer` (appending), oldest first. Thread-safe.
    package func drain(into buffer: inout [Note]) {
        var ignored: [UInt64] = []
        drain(into: &buffer, flowIDs: &ignored)
    }

    /// Moves every waiting note into `buffer` (appending), oldest first, and their flow ids
    /// into `flowIDs`. Thread-safe.
    package func drain(into buffer: inout [Note], flowIDs: inout [UInt64]) {
        // Copied out and cleared in place, under the lock: the waiting arrays keep their
        // storage from frame to frame instead of being copied on write at every drain.
        waiting.withLock { waiting in
            buffer.append(contentsOf: waiting.notes)
            flowIDs.append(contentsOf: waiting.flows)
            waiting.notes.removeAll(keepingCapacity: true)
            waiting.flows.removeAll(keepingCapacity: true)
        }
    }
}

/// A note for the studio: an event to publish on the loop thread.
public struct StudioNote: Sendable, Hashable {
    /// The event, made from its key and a value of the key's type.
    public let event: EventPayload
    /// The room the note is for; a note for a room that is no longer current is dropped
    /// (a late message from the previous room's connection). Nil: whatever room is current.
    public var roomID: Int?
    /// What the note is about, as its key declares (`EventKey.noteSubject`; the audience's
    /// when it declares nothing).
    public let subject: NoteSubject

    /// A note of the event `key` carrying `value`.
    public init<Payload>(_ key: EventKey<Payload>, _ value: Payload, roomID: Int? = nil) {
        event = EventPayload(key, value)
        self.roomID = roomID
        subject = key.noteSubject ?? .audience
    }

    /// A note of the event `key`, which carries nothing.
    public init(_ key: EventKey<NoPayload>, roomID: Int? = nil) {
        self.init(key, NoPayload(), roomID: roomID)
    }

    /// The event's name.
    public var name: EventName { event.name }

    /// The value this note carries if it is a `key` note, else nil.
    package func value<Payload>(_ key: EventKey<Payload>) -> Payload? { event.value(key) }
}
