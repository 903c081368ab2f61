/// A typed event: its name, and the type of the value it carries. Declared once as a static
/// constant in an extension constrained to its payload, next to the code that posts it:
///
///     extension EventKey where Payload == GiftMessage {
///         public static let giftArrived = EventKey("giftArrived")
///     }
///
/// so that `announcer.post(.giftArrived, sender: self, gift)` compiles only with a
/// `GiftMessage`, and a listener reads the value back, typed, with
/// `EventKey.giftArrived.payload(name, userInfo)`.
///
/// A key's name is an interned `EventName` like any other (subscribing, delivering and
/// dumping are unchanged), marked typed. A value of the wrong type can never be posted under
/// it: the typed `post` takes only `Payload`; the name's text can be declared with one
/// payload type only (`EventNameTable` traps otherwise); and the untyped `post` traps on a
/// typed name, in release builds too, since a silently dropped event is worse than a stop.
/// The check reads one flag stored in the name, so the fast path stays an array index; it
/// cannot be a compile error because listeners need the name itself to subscribe and compare.
public struct EventKey<Payload: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name, as listeners subscribe to it and receive it.
    public let name: EventName

    /// - Precondition: no other key, and no `EventName`, has this text.
    public init(_ rawValue: String) {
        name = EventName(typed: rawValue, payloadType: Payload.self)
    }

    // The reading and boxing below are inlinable so that they are specialized for the payload
    // type in the module that posts or listens: unspecialized, each call would look up generic
    // metadata and copy the value through its witness table, several times the cost of the
    // untyped fast path.

    /// The payload `value` as this key posts it.
    @inlinable
    func payload(_ value: Payload) -> EventPayload {
        .typed(TypedPayload(name: name, box: TypedPayloadStorage(value)))
    }

    /// The payload `value` in `spare`, a box the announcer kept from an event of this key
    /// that nothing references any more (a new box when nil).
    @inlinable
    func payload(_ value: Payload, reusing spare: TypedPayloadBox?) -> EventPayload {
        guard let spare else { return payload(value) }
        // Only this key boxes under its name (one payload type per name), so the spare is its
        // storage; and it is written only while the announcer holds the one reference.
        let storage = unsafeDowncast(spare, to: TypedPayloadStorage<Payload>.self)
        storage.value = value
        return .typed(TypedPayload(name: name, box: storage))
    }

    /// The value of an event this key posted, when `name` is the key's name; nil for any
    /// other event. `userInfo` under the key's name is always the key's own payload (only the
    /// key posts under it), so a listener never loses a value to a type mismatch.
    /// - Precondition: `userInfo` is the payload delivered with `name`.
    @inlinable
    public func payload(_ name: EventName, _ userInfo: EventPayload) -> Payload? {
        guard name == self.name else { return nil }
        return value(in: userInfo)
    }

    /// The value `payload` carries, which must be this key's (as with `payload(_:_:)`).
    @inlinable
    public func value(in payload: EventPayload) -> Payload {
        guard case .typed(let typed) = payload, typed.name == name else { mismatch(payload) }
        // The table gives a name one payload type, and only this key boxes under this name.
        return unsafeDowncast(typed.box, to: TypedPayloadStorage<Payload>.self).value
    }

    @usableFromInline
    func mismatch(_ payload: EventPayload) -> Never {
        preconditionFailure("event '\(name)' carries \(payload), not its key's \(Payload.self)")
    }

    public var description: String { "\(name): \(Payload.self)" }
}

/// The value of a typed event, boxed when posted, with the name of the key that boxed it
/// (the key checks it before reading). Public only so that `EventPayload` can name it: only a
/// key makes one, and only a key reads it.
public struct TypedPayload: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let name: EventName
    @usableFromInline let box: TypedPayloadBox

    @inlinable
    init(name: EventName, box: TypedPayloadBox) {
        self.name = name
        self.box = box
    }

    public static func == (a: TypedPayload, b: TypedPayload) -> Bool {
        a.name == b.name && a.box.isEqual(to: b.box)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        box.hash(into: &hasher)
    }

    public var description: String { box.description }
}

/// The type-erased box: a class so that a payload of any size is one pointer in the
/// announcer's queue, and the key reads it back with an unchecked downcast. The announcer
/// reuses a box once nothing else references it (`Announcer.takeSpareBox`).
@usableFromInline
class TypedPayloadBox: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: it holds nothing; its one subclass holds a Sendable value that is written
    // only while the announcer holds the only reference.
    @inlinable init() {}
    @usableFromInline func isEqual(to other: TypedPayloadBox) -> Bool { fatalError("subclass") }
    @usableFromInline func hash(into hasher: inout Hasher) { fatalError("subclass") }
    @usableFromInline var description: String { fatalError("subclass") }
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
}
