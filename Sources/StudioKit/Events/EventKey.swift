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
/// The check is one flag in the name, so it costs the fast path nothing measurable; it
/// cannot be a compile error because listeners need the name itself to subscribe and compare.
public struct EventKey<Payload: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name, as listeners subscribe to it and receive it.
    public let name: EventName

    /// - Precondition: no other key, and no `EventName`, has this text.
    public init(_ rawValue: String) {
        name = EventName(typed: rawValue, payloadType: Payload.self)
    }

    /// The payload `value` as this key posts it.
    func payload(_ value: Payload) -> EventPayload {
        .typed(TypedPayload(name: name, box: TypedPayloadStorage(value)))
    }

    /// The value of an event this key posted, when `name` is the key's name; nil for any
    /// other event. `userInfo` under the key's name is always the key's own payload (only the
    /// key posts under it), so a listener never loses a value to a type mismatch.
    /// - Precondition: `userInfo` is the payload delivered with `name`.
    public func payload(_ name: EventName, _ userInfo: EventPayload) -> Payload? {
        guard name == self.name else { return nil }
        return value(in: userInfo)
    }

    /// The value `payload` carries, which must be this key's (as with `payload(_:_:)`).
    public func value(in payload: EventPayload) -> Payload {
        guard case .typed(let typed) = payload, typed.name == name else {
            preconditionFailure("event '\(name)' carries \(payload), not its key's \(Payload.self)")
        }
        // The table gives a name one payload type, and only this key boxes under this name.
        return unsafeDowncast(typed.box, to: TypedPayloadStorage<Payload>.self).value
    }

    public var description: String { "\(name): \(Payload.self)" }
}

/// The value of a typed event, boxed once when posted, with the name of the key that boxed it
/// (the key checks it before reading). Public only so that `EventPayload` can name it: only a
/// key makes one, and only a key reads it.
public struct TypedPayload: Hashable, Sendable, CustomStringConvertible {
    let name: EventName
    let box: TypedPayloadBox

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
/// announcer's queue, and the key reads it back with an unchecked downcast.
class TypedPayloadBox: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: it holds nothing; the one subclass holds an immutable Sendable value.
    func isEqual(to other: TypedPayloadBox) -> Bool { fatalError("subclass") }
    func hash(into hasher: inout Hasher) { fatalError("subclass") }
    var description: String { fatalError("subclass") }
}

final class TypedPayloadStorage<Payload: Hashable & Sendable>: TypedPayloadBox, @unchecked Sendable {
    let value: Payload

    init(_ value: Payload) { self.value = value }

    override func isEqual(to other: TypedPayloadBox) -> Bool {
        (other as? TypedPayloadStorage<Payload>)?.value == value
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(value) }

    override var description: String { String(describing: value) }
}
