/// The user info an event carries. A closed set of small cases so that announcing needs no
/// boxing; `.custom` carries anything else a studio type needs.
public enum EventPayload: Hashable, Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case double(Double)
    case point(Point)
    case text(String)
    case swipe(SwipeInfo)
    case custom(AnyHashableSendable)

    public var point: Point? { if case .point(let p) = self { return p } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var int: Int? { if case .int(let i) = self { return i } else { return nil } }
    public var text: String? { if case .text(let s) = self { return s } else { return nil } }
    public var swipe: SwipeInfo? { if case .swipe(let s) = self { return s } else { return nil } }
}

/// A type-erased, sendable, hashable value for `EventPayload.custom`.
public struct AnyHashableSendable: Hashable, @unchecked Sendable {
    // Only Sendable values are accepted by the initializer, which is what makes this safe.
    public let base: AnyHashable
    public init<T: Hashable & Sendable>(_ value: T) { base = AnyHashable(value) }
    public func get<T>(_: T.Type) -> T? { base.base as? T }
}

/// Receives announced events`).
public protocol EventListener: AnyObject {
    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload)
}
