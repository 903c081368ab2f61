/// One subscription as the announcer stores it: a plain value with no reference counting, so
/// that a delivery walks a name's slots without a retain, a release or a weak load.
///
/// The announcer does not retain its listeners: `listener` is `unowned(unsafe)`, and what
/// keeps that safe is ownership, not a check. The slot's token belongs to the listener, so the
/// listener cannot be freed before its token ends the slot. Debug builds (every test) also
/// keep a weak reference and trap, naming the event, if a listener was freed while its token
/// lived on elsewhere.
struct ListenerSlot {
    unowned(unsafe) let listener: any EventListener
    let priority: Int
    let serial: UInt64
    /// False once the token is cancelled or released; the slot is removed between events.
    var isLive = true
    #if DEBUG
    weak var debugListener: AnyObject?
    #endif

    init(listener: any EventListener, priority: Int, serial: UInt64) {
        self.listener = listener
        self.priority = priority
        self.serial = serial
        #if DEBUG
        debugListener = listener
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
        precondition(debugListener != nil, """
            announcer: a listener of '\(name)' was freed while its subscription token lives on \
            elsewhere. Keep the token in the listener (Widget.listen does), so that it ends with it.
            """)
        #endif
    }
}
