/// An event's value with its name, type-erased: how a note carries its event across the
/// inbox, and how tools (recorders, logs) see events of every type. Made only from a key and
/// a value of the key's type, and read back only through that key, so a value can never be
/// read as another type.
public struct EventPayload: Hashable, Sendable, CustomStringConvertible {
    public let name: EventName
    @usableFromInline let box: TypedPayloadBox

    /// `value`, as an event of `key` carries it.
    @inlinable
    public init<Payload>(_ key: EventKey<Payload>, _ value: Payload) {
        name = key.name
        box = TypedPayloadStorage(value)
    }

    @inlinable
    init(name: EventName, box: TypedPayloadBox) {
        self.name = name
        self.box = box
    }

    /// The value, if this is an event of `key`; nil for any other event.
    @inlinable
    package func value<Payload>(_ key: EventKey<Payload>) -> Payload? {
        name == key.name ? EventKey<Payload>.value(in: box) : nil
    }

    /// Whether this is an event of `key`.
    public func `is`<Payload>(_ key: EventKey<Payload>) -> Bool { name == key.name }

    public static func == (a: EventPayload, b: EventPayload) -> Bool {
        a.name == b.name && a.box.isEqual(to: b.box)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        box.hash(into: &hasher)
    }

    /// The value as `String(describing:)` gives it.
    public var description: String { box.description }

    /// Whether the value is a `TransientPayload`, which a tool that keeps events keeps as
    /// its `description` only.
    package var isTransient: Bool { box.isTransient }
}

/// A payload that a tool keeping events for later (the DevTools log) must not keep as it is,
/// because it holds a large buffer the room hands on once: a video frame's picture, 3.7 MB
/// at 720x1280, published 30 or 60 times a second. Kept, a log of 4,096 events would hold
/// gigabytes of pictures no one shows. Such a tool keeps the payload's text instead.
package protocol TransientPayload {}
