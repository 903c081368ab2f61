/// Returned by `Announcer.subscribe`; `cancel()` stops delivery at once, even in the middle
/// of a delivery (a listener cancelled before its turn is not called for that event).
public final class SubscriptionToken {
    let entry: ListenerEntry
    private weak var announcer: Announcer?

    init(entry: ListenerEntry, announcer: Announcer) {
        self.entry = entry
        self.announcer = announcer
    }

    public var name: EventName { entry.name }
    public var priority: Int { entry.priority }
    public var isCancelled: Bool { entry.isCancelled }

    public func cancel() {
        guard !entry.isCancelled else { return }
        entry.isCancelled = true
        announcer?.purge(entry.name)
    }
}

final class ListenerEntry {
    weak var listener: (any EventListener)?
    let name: EventName
    let priority: Int
    let serial: UInt64
    var isCancelled = false

    init(listener: any EventListener, name: EventName, priority: Int, serial: UInt64) {
        self.listener = listener
        self.name = name
        self.priority = priority
        self.serial = serial
    }

    /// Delivery order: higher priority first, then earlier subscription first.
    func runsBefore(_ other: ListenerEntry) -> Bool {
        priority != other.priority ? priority > other.priority : serial < other.serial
    }
}
