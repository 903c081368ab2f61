/// The studio's event announcer (seed 003): many-to-many broadcast by event name.
///
/// Order, written down where it happens (`deliver`):
/// - events are delivered in the order they were posted (FIFO), on the loop thread only;
/// - for one event, listeners run by priority (higher first), then subscription order;
/// - an event posted while another is being delivered is queued behind it, never
///   delivered re-entrantly;
/// - a listener subscribed during a delivery gets the next event of that name, not the
///   current one; a listener cancelled (or released) during a delivery is not called again,
///   not even for the current event if its turn has not come yet.
///
/// Listeners are held weakly: a widget that goes away stops receiving without cancelling.
///
/// Runaway chains: each event remembers the event whose delivery posted it. A chain deeper
/// than `maxChainDepth` is stopped (the event is dropped) and reported with its whole chain;
/// more than `maxDeliveriesPerFrame` deliveries in one `deliverQueued()` defer the rest to
/// the next frame, also reported. Either way a frame always ends.
public final class Announcer {
    /// The longest chain of events posting events that is still delivered.
    public let maxChainDepth: Int
    /// How many events one `deliverQueued()` delivers at most.
    public let maxDeliveriesPerFrame: Int
    /// Called once for each runaway that is stopped (the studio logs it).
    public var onRunaway: ((RunawayReport) -> Void)?
    /// The most recent runaway reports, oldest first (at most 16 kept).
    public private(set) var runaways: [RunawayReport] = []

    private var listeners: [EventName: [ListenerEntry]] = [:]
    private var queue: [QueuedEvent] = []
    private var queueHead = 0
    private var serial: UInt64 = 0
    /// Names and parents of the events whose delivery posted other events, to rebuild a
    /// chain when one runs away. An event is logged only when one of its listeners posts
    /// (most deliveries post nothing and log nothing). Reset at the start of each call.
    private var deliveryLog: [(name: EventName, parent: Int)] = []
    /// The event being delivered: its name, its parent's log index, and its own log index
    /// once it has been logged (-1 before).
    private var currentName = EventName("")
    private var currentParent = -1
    private var currentLogIndex = -1
    /// The listener list of the last name delivered, so a stream of one event skips the
    /// dictionary. Cleared whenever the listeners change.
    private var cachedName: EventName?
    private var cachedEntries: [ListenerEntry] = []
    public private(set) var isDelivering = false
    /// Events delivered since the announcer was made (a profiling counter).
    public private(set) var deliveredCount = 0

    public init(maxChainDepth: Int = 32, maxDeliveriesPerFrame: Int = 4096) {
        self.maxChainDepth = maxChainDepth
        self.maxDeliveriesPerFrame = maxDeliveriesPerFrame
        queue.reserveCapacity(64)
        deliveryLog.reserveCapacity(64)
    }

    // MARK: Subscribing

    /// Subscribes `listener` (held weakly) to `name`.
    /// - Complexity: O(n) in the listeners of that name.
    @discardableResult
    public func subscribe(_ listener: any EventListener, to name: EventName, priority: Int = 0) -> SubscriptionToken {
        serial += 1
        let entry = ListenerEntry(listener: listener, name: name, priority: priority, serial: serial)
        var list = listeners[name, default: []]
        let index = list.firstIndex(where: { entry.runsBefore($0) }) ?? list.endIndex
        list.insert(entry, at: index)
        listeners[name] = list
        cachedName = nil
        return SubscriptionToken(entry: entry, announcer: self)
    }

    /// The live listeners of `name`, in delivery order.
    public func listeners(of name: EventName) -> [any EventListener] {
        (listeners[name] ?? []).compactMap { $0.isCancelled ? nil : $0.listener }
    }

    /// The names `listener` is subscribed to (for dumps), sorted.
    public func subscriptions(of listener: AnyObject) -> [EventName] {
        listeners.compactMap { name, entries in
            entries.contains { !$0.isCancelled && $0.listener === listener } ? name : nil
        }.sorted { $0.rawValue < $1.rawValue }
    }

    // MARK: Posting and delivery

    /// Queues an event. It is delivered by the next `deliverQueued()` (or later in the same
    /// one when posted during a delivery).
    /// - Complexity: O(1) amortized, no allocation once the queue has grown to its peak.
    public func post(_ name: EventName, sender: AnyObject? = nil, _ payload: EventPayload = .none) {
        guard isDelivering else {
            queue.append(QueuedEvent(name: name, sender: sender, payload: payload, parent: -1, depth: 0))
            return
        }
        if currentLogIndex < 0 {
            deliveryLog.append((currentName, currentParent))
            currentLogIndex = deliveryLog.count - 1
        }
        queue.append(QueuedEvent(name: name, sender: sender, payload: payload,
                                 parent: currentLogIndex, depth: queueDepthOfCurrent + 1))
    }

    /// The number of events waiting.
    public var pendingCount: Int { queue.count - queueHead }

    /// Delivers queued events, including those posted while delivering, until the queue is
    /// empty or the per-frame bound is reached.
    /// - Returns: how many events were delivered, and how many were deferred or dropped.
    @discardableResult
    public func deliverQueued() -> DeliveryStats {
        precondition(!isDelivering, "deliverQueued() re-entered: the loop must never re-enter")
        isDelivering = true
        defer { isDelivering = false }
        resetDeliveryLog()
        var stats = DeliveryStats()
        while queueHead < queue.count {
            if stats.delivered >= maxDeliveriesPerFrame {
                stats.deferred = queue.count - queueHead
                report(RunawayReport(reason: .frameBudget(maxDeliveriesPerFrame),
                                     chain: chain(endingAt: queue[queueHead].parent) + [queue[queueHead].name]))
                break
            }
            let event = queue[queueHead]
            queueHead += 1
            if event.depth > maxChainDepth {
                stats.dropped += 1
                report(RunawayReport(reason: .chainDepth(maxChainDepth),
                                     chain: chain(endingAt: event.parent) + [event.name]))
                continue
            }
            currentName = event.name
            currentParent = event.parent
            currentLogIndex = -1
            queueDepthOfCurrent = event.depth
            deliver(event)
            stats.delivered += 1
        }
        compactQueue()
        currentLogIndex = -1
        deliveredCount += stats.delivered
        return stats
    }

    private var queueDepthOfCurrent = 0

    private func deliver(_ event: QueuedEvent) {
        // A snapshot of the list: subscriptions made during this delivery change the stored
        // array (copy on write), not the one being iterated.
        let entries: [ListenerEntry]
        if let cached = cachedName, cached == event.name {
            entries = cachedEntries
        } else {
            guard let found = listeners[event.name] else { return }
            cachedName = event.name
            cachedEntries = found
            entries = found
        }
        var sawDead = false
        for entry in entries {
            guard !entry.isCancelled, let listener = entry.listener else {
                sawDead = true
                continue
            }
            listener.onEvent(event.name, sender: event.sender, userInfo: event.payload)
        }
        if sawDead { purge(event.name) }
    }

    /// Drops cancelled and released entries of `name`.
    func purge(_ name: EventName) {
        guard var list = listeners[name] else { return }
        list.removeAll { $0.isCancelled || $0.listener == nil }
        listeners[name] = list.isEmpty ? nil : list
        cachedName = nil
    }

    /// Starts a new delivery log. Events deferred from the last call still name their
    /// causes by log index, so those causes' chains are kept (renumbered) and the rest
    /// dropped; with nothing deferred the log simply empties.
    private func resetDeliveryLog() {
        guard !deliveryLog.isEmpty else { return }
        guard queue[queueHead...].contains(where: { $0.parent >= 0 }) else {
            deliveryLog.removeAll(keepingCapacity: true)
            return
        }
        var kept: [(name: EventName, parent: Int)] = []
        var renumbered: [Int: Int] = [:]
        func keep(_ index: Int) -> Int {
            guard index >= 0 else { return -1 }
            if let done = renumbered[index] { return done }
            let parent = keep(deliveryLog[index].parent)
            kept.append((deliveryLog[index].name, parent))
            renumbered[index] = kept.count - 1
            return kept.count - 1
        }
        for i in queueHead..<queue.count where queue[i].parent >= 0 {
            queue[i].parent = keep(queue[i].parent)
        }
        deliveryLog = kept
    }

    private func compactQueue() {
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
        } else if queueHead > 0 {
            queue.removeFirst(queueHead)
        }
        queueHead = 0
    }

    private func chain(endingAt index: Int) -> [EventName] {
        var names: [EventName] = []
        var i = index
        while i >= 0, names.count <= maxChainDepth + 1 {
            names.append(deliveryLog[i].name)
            i = deliveryLog[i].parent
        }
        return names.reversed()
    }

    private func report(_ r: RunawayReport) {
        runaways.append(r)
        if runaways.count > 16 { runaways.removeFirst(runaways.count - 16) }
        onRunaway?(r)
    }
}

struct QueuedEvent {
    let name: EventName
    let sender: AnyObject?
    let payload: EventPayload
    /// Index in the delivery log of the event whose delivery posted this one; -1 if none.
    var parent: Int
    let depth: Int
}

/// What one `deliverQueued()` did.
public struct DeliveryStats: Hashable, Sendable {
    public var delivered = 0
    /// Events left for the next frame because the per-frame bound was reached.
    public var deferred = 0
    /// Events dropped because their chain was too deep.
    public var dropped = 0
}

/// A chain of events that was stopped, with the names from the first cause to the event
/// that was dropped or deferred.
public struct RunawayReport: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case chainDepth(Int)
        case frameBudget(Int)
    }

    public let reason: Reason
    public let chain: [EventName]

    public var description: String {
        let path = chain.map(\.rawValue).joined(separator: " -> ")
        switch reason {
        case .chainDepth(let n):
            return "runaway event chain stopped at depth \(n) (an event posted from its own delivery?): \(path)"
        case .frameBudget(let n):
            return "more than \(n) events in one frame; the rest wait for the next frame: \(path)"
        }
    }
}
