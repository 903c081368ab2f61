/// The user info an event carries. A closed set of small cases for the core's own events, so
/// that announcing them needs no boxing; an event that carries a value of a studio's own type
/// is declared as an `EventKey`, posts `.typed` and is read back through its key.
public enum EventPayload: Hashable, Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case double(Double)
    case point(Point)
    case text(String)
    case swipe(SwipeInfo)
    /// The value of a typed event: made only by its `EventKey`, read only through it.
    case typed(TypedPayload)

    public var point: Point? { if case .point(let p) = self { return p } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var int: Int? { if case .int(let i) = self { return i } else { return nil } }
    public var text: String? { if case .text(let s) = self { return s } else { return nil } }
    public var swipe: SwipeInfo? { if case .swipe(let s) = self { return s } else { return nil } }
    var isTyped: Bool { if case .typed = self { return true } else { return false } }
}

/// Receives announced events`).
public protocol EventListener: AnyObject {
    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload)
}
