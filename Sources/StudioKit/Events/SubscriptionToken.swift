/// Returned by `Announcer.subscribe`: the subscription lives exactly as long as this token.
///
/// Keep it in the listener (`Widget.listen` and the studios do), so that a listener that goes
/// away takes its subscriptions with it and never has to unsubscribe. `cancel()` ends the
/// subscription at once, even in the middle of a delivery: a listener cancelled before its
/// turn is not called for that event.
public final class SubscriptionToken {
    public let name: EventName
    public let priority: Int
    let serial: UInt64
    private weak var announcer: Announcer?
    public private(set) var isCancelled = false

    init(name: EventName, priority: Int, serial: UInt64, announcer: Announcer) {
        self.name = name
        self.priority = priority
        self.serial = serial
        self.announcer = announcer
    }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        announcer?.end(name, serial: serial)
    }

    deinit { cancel() }
}
