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
    /// The subscription's handler: the token owns it (the announcer only points at it).
    let handler: EventHandler
    private let link: AnnouncerLink
    package private(set) var isCancelled = false

    init(name: EventName, priority: Int, serial: UInt64, handler: EventHandler, link: AnnouncerLink) {
        self.name = name
        self.priority = priority
        self.serial = serial
        self.handler = handler
        self.link = link
    }

    package func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        link.announcer?.end(name, serial: serial, handler: handler)
    }

    deinit { cancel() }
}

/// How tokens reach their announcer, which may go first. Not a weak reference: an object
/// that is weakly referenced keeps its reference counts in a side table, which makes every
/// retain and release of the announcer (each publish from a widget) take the slow path. The
/// announcer clears `announcer` when it goes; everything runs on the loop thread.
final class AnnouncerLink {
    unowned(unsafe) var announcer: Announcer?
}
