/// An event: its name, and the type of the value it carries. Declared once as a static
/// constant in an extension constrained to its payload, next to the code that publishes it:
///
///     extension EventKey where Payload == GiftMessage {
///         public static let giftArrived = EventKey("giftArrived")
///     }
///
/// `publish(.giftArrived, gift)` then compiles only with a `GiftMessage`, and a listener
/// receives one, typed: `listen(to: .giftArrived) { widget, gift in … }`. An event that
/// carries nothing is an `EventKey<NoPayload>`, published as `publish(.shareTapped)`.
///
/// A key's name is interned (`EventName`): subscribing and delivering index an array by it.
/// A name's text can be declared with one payload type only (`EventNameTable` traps
/// otherwise), so the value under a name is always its key's, and the announcer reads it
/// back without a check.
public struct EventKey<Payload: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name, as reports, dumps and recordings show it.
    public let name: EventName
    /// What a server note of this key is about, declared with the key: it decides whether a
    /// room that is not live shows the note (`StudioNote.subject`). Nil for an event no
    /// server sends, and for a note key declared without one, which counts as the audience's.
    public let noteSubject: NoteSubject?

    /// - Parameter subject: for a key a server sends as a note, what it is about.
    /// - Precondition: no other key with another payload type has this text.
    public init(_ rawValue: String, note subject: NoteSubject? = nil) {
        name = EventName(rawValue, payloadType: Payload.self)
        noteSubject = subject
    }

    // Boxing and reading are inlinable so that they are specialized for the payload type in
    // the module that publishes or listens: unspecialized, each would look up generic
    // metadata and copy the value through its witness table.

    /// `value` in `spare`, a box the announcer kept from an event of this key that nothing
    /// references any more (a new box when nil).
    @inlinable
    func box(_ value: Payload, reusing spare: TypedPayloadBox?) -> TypedPayloadBox {
        guard let spare else { return TypedPayloadStorage(value) }
        // Only this key boxes under its name (one payload type per name), so the spare is its
        // storage; and it is written only while the announcer holds the one reference.
        let storage = unsafeDowncast(spare, to: TypedPayloadStorage<Payload>.self)
        storage.value = value
        return storage
    }

    /// The value in `box`, which was boxed under this key's name.
    @inlinable
    static func value(in box: TypedPayloadBox) -> Payload {
        unsafeDowncast(box, to: TypedPayloadStorage<Payload>.self).value
    }

    public var description: String { "\(name): \(Payload.self)" }
}

/// What a server note is about, which decides when a room shows it.
public enum NoteSubject: String, Hashable, Sendable, CaseIterable {
    /// The audience: comments, gifts, likes, danmaku, the online count. Only a live stream
    /// has an audience, so a room in a preview or after the end drops these.
    case audience
    /// The stream itself: its connection, its live state, the server's system messages and
    /// the picture (the camera's, which a preview shows too). Shown in every live state.
    case stream
}

/// The payload of an event that carries nothing: `EventKey<NoPayload>`.
public struct NoPayload: Hashable, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "()" }
}

/// The type-erased box: a class so that a payload of any size is one pointer in the
/// announcer's queue, read back with an unchecked downcast. The announcer reuses a box once
/// nothing else references it (`Announcer.takeSpareBox`).
@usableFromInline
class TypedPayloadBox: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: it holds nothing; its one subclass holds a Sendable value that is written
    // only while the announcer holds the only reference.
    @inlinable init() {}
    @usableFromInline func isEqual(to other: TypedPayloadBox) -> Bool { fatalError("subclass") }
    @usableFromInline func hash(into hasher: inout Hasher) { fatalError("subclass") }
    @usableFromInline var description: String { fatalError("subclass") }
    var isTransient: Bool { fatalError("subclass") }
}

@usableFromInline
final class TypedPayloadStorage<Payload: Hashable & Sendable>: TypedPayloadBox, @unchecked Sendable {
    // @unchecked: `value` is written only by the announcer, while it holds the only reference
    // (see `Announcer.takeSpareBox`); shared, it is never written. For the same reason no
    // access to it can overlap another, so it is exempt from the dynamic exclusivity check a
    // class's `var` gets on every read and write (a runtime call each, on every listener's read).
    @exclusivity(unchecked) @usableFromInline var value: Payload

    @inlinable init(_ value: Payload) { self.value = value }

    @usableFromInline override func isEqual(to other: TypedPayloadBox) -> Bool {
        (other as? TypedPayloadStorage<Payload>)?.value == value
    }

    @usableFromInline override func hash(into hasher: inout Hasher) { hasher.combine(value) }

    @usableFromInline override var description: String { String(describing: value) }

    override var isTransient: Bool { value is any TransientPayload }
}
