/// What runs when one subscription's event is delivered: the listener, and the code that
/// reads the event's value as its key's type and hands both to the listener's closure.
///
/// The subscription's token owns the handler, and the listener owns the token, so a handler
/// lives exactly as long as its subscription; the announcer only points at it. The closure
/// is given the listener as an argument rather than capturing it, so that it can hold no
/// strong reference to its listener (which, through the token, would keep it alive forever).
@usableFromInline
final class EventHandler {
    /// The listener, for dumps (`Announcer.subscriptions(of:)`) and the ownership check.
    unowned(unsafe) let owner: AnyObject
    let run: (TypedPayloadBox) -> Void

    @usableFromInline
    init(owner: AnyObject, run: @escaping (TypedPayloadBox) -> Void) {
        self.owner = owner
        self.run = run
    }
}

/// One subscription as the announcer stores it: a plain value with no reference counting, so
/// that a delivery walks a name's slots without a retain, a release or a weak load.
///
/// `handler` is `unowned(unsafe)`, and what keeps that safe is ownership, not a check: the
/// slot's token owns the handler, the listener owns the token, and a token ended during a
/// delivery hands its handler to the announcer until that event is done. Debug builds (every
/// test) also keep a weak reference to the listener and trap, naming the event, if it was
/// freed while its token lived on elsewhere.
struct ListenerSlot {
    unowned(unsafe) let handler: EventHandler
    let priority: Int
    let serial: UInt64
    /// False once the token is cancelled or released; the slot is removed between events.
    var isLive = true
    #if DEBUG
    weak var debugOwner: AnyObject?
    #endif

    init(handler: EventHandler, priority: Int, serial: UInt64) {
        self.handler = handler
        self.priority = priority
        self.serial = serial
        #if DEBUG
        debugOwner = handler.owner
        #endif
    }

    /// Delivery order: higher priority first, then earlier subscription first.
    func runsBefore(_ other: ListenerSlot) -> Bool {
        priority != other.priority ? priority > other.priority : serial < other.serial
    }

    /// Traps in debug builds when the listener was freed while its token lives on (the one
    /// misuse the ownership rule cannot catch by itself).
    func checkOwnership(of name: EventName) {
        #if DEBUG
        precondition(
            debugOwner != nil,
            """
            announcer: a listener of '\(name)' was freed while its subscription token lives on \
            elsewhere. Keep the token in the listener (Widget.listen does), so that it ends with it.
            """)
        #endif
    }
}
