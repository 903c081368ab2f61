import Foundation
import StudioFoundation

/// The name of an event: the identity of an `EventKey`, erased of its payload type, as
/// reports, dumps and recordings show it. Only a key makes one (`EventKey.name`).
///
/// Names are interned: each distinct text gets a small number once, when its key is made,
/// so comparing, hashing and copying a name is comparing, hashing and copying one integer,
/// and the announcer finds a name's listeners by indexing an array.
public struct EventName: Hashable, Sendable, CustomStringConvertible {
    /// The name's index in the process-wide table of names; equal texts, equal ids.
    @usableFromInline let id: Int

    /// The name of a key whose payload is `payloadType`.
    /// - Complexity: one lock and one dictionary lookup; keys are made once (`static let`).
    init(_ rawValue: String, payloadType: Any.Type) {
        id = EventNameTable.shared.intern(rawValue, payloadType: payloadType)
    }

    /// The name already interned as `id`.
    init(interned id: Int) {
        self.id = id
    }

    /// The name's text.
    public var rawValue: String { EventNameTable.shared.text(of: id) }

    public var description: String { rawValue }

    @inlinable public static func == (a: EventName, b: EventName) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The process-wide intern table behind `EventName`. Names are made from any thread (static
/// constants initialise lazily on first use), so the table is behind a lock; it only grows,
/// by one entry per distinct text.
final class EventNameTable: Sendable {
    static let shared = EventNameTable()

    private struct Entry {
        let text: String
        /// The payload type of the key that owns the text.
        let payloadType: ObjectIdentifier
        let payloadTypeName: String
    }

    private struct Table {
        var ids: [String: Int] = [:]
        var entries: [Entry] = []
    }

    private let table = Locked(Table())

    /// The id of `text`, the name of a key with that payload type. A text has one payload
    /// type for the whole process: declaring it with two traps, whichever comes first, so
    /// that a name can only ever carry its key's payload.
    func intern(_ text: String, payloadType: Any.Type) -> Int {
        let type = ObjectIdentifier(payloadType)
        return table.withLock { table in
            if let id = table.ids[text] {
                let entry = table.entries[id]
                precondition(
                    entry.payloadType == type,
                    """
                    event '\(text)' is declared twice, as EventKey<\(entry.payloadTypeName)> and as \
                    EventKey<\(payloadType)>: declare it once
                    """)
                return id
            }
            table.entries.append(Entry(text: text, payloadType: type, payloadTypeName: "\(payloadType)"))
            table.ids[text] = table.entries.count - 1
            return table.entries.count - 1
        }
    }

    func text(of id: Int) -> String {
        table.withLock { $0.entries[id].text }
    }
}
