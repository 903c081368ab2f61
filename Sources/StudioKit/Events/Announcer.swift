import DequeModule

/// The studio's event announcer: many-to-many broadcast by event name.
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
/// The announcer never retains a listener. A subscription lives as long as its token, which
/// the listener keeps, so a widget that goes away takes its subscriptions with it without
/// cancelling (see `ListenerSlot` for why this, rather than a weak reference per listener).
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

    /// Each name's subscriptions in delivery order, indexed by the name's interned id. During
    /// a delivery they only change in place (`isLive`), so a walk by index stays valid.
    private var slots: [[ListenerSlot]] = []
    /// Subscriptions made during a delivery, joined to `slots` when that event is done.
    private var joining: [(name: EventName, slot: ListenerSlot)] = []
    /// Names whose slots hold ended subscriptions, removed when the current event is done.
    private var endedNames: [Int] = []
    /// Events waiting, oldest first. Delivery moves each out of the queue, so nothing is
    /// copied, and nothing is left behind to compact.
    private var queue = Deque<QueuedEvent>(minimumCapacity: 64)
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
    private var queueDepthOfCurrent = 0
    public private(set) var isDelivering = false
    /// Events delivered since the announcer was made (a profiling counter).
    public private(set) var deliveredCount = 0
    /// Shared with the tokens, so that a token outliving the announcer finds it gone.
    private let link = AnnouncerLink()

    public init(maxChainDepth: Int = 32, maxDeliveriesPerFrame: Int = 4096) {
        self.maxChainDepth = maxChainDepth
        self.maxDeliveriesPerFrame = maxDeliveriesPerFrame
        deliveryLog.reserveCapacity(64)
        link.announcer = self
    }

    deinit { link.announcer = nil }

    // MARK: Subscribing

    /// Subscribes `listener` to `name` until the returned token is cancelled or released.
    /// Keep the token in the listener: the announcer does not retain the listener, and the
    /// token must not outlive it (debug builds trap if it does).
    /// - Complexity: O(n) in the listeners of that name.
    public func subscribe(_ listener: any EventListener, to name: EventName, priority: Int = 0) -> SubscriptionToken {
        serial += 1
        let slot = ListenerSlot(listener: listener, priority: priority, serial: serial)
        if isDelivering {
            joining.append((name, slot))
        } else {
            join(slot, to: name)
        }
        return SubscriptionToken(name: name, priority: priority, serial: serial, link: link)
    }

    /// The live listeners of `name`, in delivery order (including any subscribed during the
    /// current delivery).
    public func listeners(of name: EventName) -> [any EventListener] {
        let joined = joining.filter { $0.name == name }.map(\.slot)
        return (storedSlots(of: name).filter(\.isLive) + joined)
            .sorted { $0.runsBefore($1) }
            .map(\.listener)
    }

    /// The names `listener` is subscribed to (for dumps), sorted.
    public func subscriptions(of listener: AnyObject) -> [EventName] {
        var names = Set<EventName>()
        for (id, list) in slots.enumerated() where list.contains(where: { $0.isLive && $0.listener === listener }) {
            names.insert(EventName(interned: id))
        }
        for (name, slot) in joining where slot.listener === listener { names.insert(name) }
        return names.sorted { $0.rawValue < $1.rawValue }
    }

    /// Ends the subscription `serial` (its token was cancelled or released).
    func end(_ name: EventName, serial: UInt64) {
        if let i = joining.firstIndex(where: { $0.slot.serial == serial }) {
            joining.remove(at: i)
            return
        }
        guard name.id < slots.count, let i = slots[name.id].firstIndex(where: { $0.serial == serial }) else { return }
        if isDelivering {
            slots[name.id][i].isLive = false
            endedNames.append(name.id)
        } else {
            slots[name.id].remove(at: i)
        }
    }

    private func storedSlots(of name: EventName) -> [ListenerSlot] {
        name.id < slots.count ? slots[name.id] : []
    }

    private func join(_ slot: ListenerSlot, to name: EventName) {
        if name.id >= slots.count {
            slots.append(contentsOf: repeatElement([], count: name.id + 1 - slots.count))
        }
        let index = slots[name.id].firstIndex { slot.runsBefore($0) } ?? slots[name.id].endIndex
        slots[name.id].insert(slot, at: index)
    }

    /// Applies the subscriptions made and ended during the event just delivered.
    private func settle() {
        for id in endedNames { slots[id].removeAll { !$0.isLive } }
        endedNames.removeAll(keepingCapacity: true)
        for (name, slot) in joining { join(slot, to: name) }
        joining.removeAll(keepingCapacity: true)
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
    public var pendingCount: Int { queue.count }

    /// Delivers queued events, including those posted while delivering, until the queue is
    /// empty or the per-frame bound is reached.
    /// - Returns: how many events were delivered, and how many were deferred or dropped.
    /// - Complexity: per event, one array index and one call per listener of its name: no
    ///   allocation, no reference counting, no hashing.
    @discardableResult
    public func deliverQueued() -> DeliveryStats {
        precondition(!isDelivering, "deliverQueued() re-entered: the loop must never re-enter")
        isDelivering = true
        defer { isDelivering = false }
        resetDeliveryLog()
        var stats = DeliveryStats()
        while !queue.isEmpty {
            if stats.delivered >= maxDeliveriesPerFrame {
                stats.deferred = queue.count
                report(RunawayReport(reason: .frameBudget(maxDeliveriesPerFrame),
                                     chain: chain(endingAt: queue[0].parent) + [queue[0].name]))
                break
            }
            let event = queue.removeFirst()
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
            if !joining.isEmpty || !endedNames.isEmpty { settle() }
        }
        currentLogIndex = -1
        deliveredCount += stats.delivered
        return stats
    }

    private func deliver(_ event: QueuedEvent) {
        let id = event.name.id
        guard id < slots.count else { return }
        // Walk by index, reading the stored slot each time: a cancel during the walk clears
        // that slot's `isLive` in place (so a listener cancelled before its turn is skipped),
        // and a subscribe waits in `joining`, so no slot moves until `settle()`.
        var i = 0
        while i < slots[id].count {
            let slot = slots[id][i]
            i += 1
            guard slot.isLive else { continue }
            slot.checkOwnership(of: event.name)
            slot.listener.onEvent(event.name, sender: event.sender, userInfo: event.payload)
        }
    }

    /// Starts a new delivery log. Events deferred from the last call still name their
    /// causes by log index, so those causes' chains are kept (renumbered) and the rest
    /// dropped; with nothing deferred the log simply empties.
    private func resetDeliveryLog() {
        guard !deliveryLog.isEmpty else { return }
        guard queue.contains(where: { $0.parent >= 0 }) else {
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
        for i in queue.indices where queue[i].parent >= 0 {
            queue[i].parent = keep(queue[i].parent)
        }
        deliveryLog = kept
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
