import DequeModule

/// The studio's event announcer: many-to-many broadcast of typed events.
///
/// Order, written down where it happens (`deliver`):
/// - events are delivered in the order they were published (FIFO), on the loop thread only;
/// - for one event, listeners run by priority (higher first), then subscription order;
/// - an event published while another is being delivered is queued behind it, never
///   delivered re-entrantly;
/// - a listener subscribed during a delivery gets the next event of that name, not the
///   current one; a listener cancelled (or released) during a delivery is not called again,
///   not even for the current event if its turn has not come yet.
///
/// The announcer never retains a listener. A subscription lives as long as its token, which
/// the listener keeps, so a widget that goes away takes its subscriptions with it without
/// cancelling (see `ListenerSlot` for why this, rather than a weak reference per listener).
///
/// Runaway chains: each event remembers the event whose delivery published it. A chain deeper
/// than `maxChainDepth` is stopped (the event is dropped) and reported with its whole chain;
/// more than `maxDeliveriesPerFrame` deliveries in one `deliverQueued()` defer the rest to
/// the next frame, also reported. Either way a frame always ends.
public final class Announcer {
    /// The longest chain of events publishing events that is still delivered.
    package let maxChainDepth: Int
    /// How many events one `deliverQueued()` delivers at most.
    package let maxDeliveriesPerFrame: Int
    /// Called once for each runaway that is stopped (the studio logs it).
    package var onRunaway: ((RunawayReport) -> Void)?
    /// The most recent runaway reports, oldest first (at most 16 kept).
    package private(set) var runaways: [RunawayReport] = []

    /// Shared with the tokens, so that a token outliving the announcer finds it gone.
    private let link = AnnouncerLink()

    /// Whether a `deliverQueued()` is running.
    package var isDelivering: Bool { hot.isDelivering }

    /// Called after each delivery, on the loop thread, with the event and how many listeners
    /// it reached: for tools that watch every event (DevTools' log). A monitor that keeps a
    /// payload keeps its box from reuse, so each publish then allocates one.
    package var monitor: ((EventPayload, Int) -> Void)? {
        get { hot.monitor }
        set { hot.monitor = newValue }
    }
    /// Events delivered since the announcer was made (a profiling counter).
    package var deliveredCount: Int { hot.deliveredCount }

    public init(maxChainDepth: Int = 32, maxDeliveriesPerFrame: Int = 4096) {
        self.maxChainDepth = maxChainDepth
        self.maxDeliveriesPerFrame = maxDeliveriesPerFrame
        #if !DEBUG
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        #endif
        hot.deliveryLog.reserveCapacity(64)
        link.announcer = self
    }

    deinit {
        link.announcer = nil
        #if !DEBUG
        state.deinitialize(count: 1)
        state.deallocate()
        #endif
    }

    /// Everything a publish reads and writes. A class's stored property costs a dynamic
    /// exclusivity check (a runtime call) on each access the optimizer cannot prove alone, and
    /// a publish makes about twenty, so release builds keep the state in memory the announcer
    /// allocates, reached through an unchecked addressor. That is sound because every access
    /// to `hot` ends before any listener, monitor or `onRunaway` runs. Debug builds (every
    /// test run) store it as a plain, checked property, so an overlap would trap there.
    /// Internal only for the listing in `Announcer+Listeners.swift`, which reads it.
    #if DEBUG
    var hot = State()
    #else
    private let state: UnsafeMutablePointer<State>
    var hot: State {
        unsafeAddress { UnsafePointer(state) }
        unsafeMutableAddress { state }
    }
    #endif

    struct State {
        /// Each name's subscriptions in delivery order, indexed by the name's interned id.
        /// During a delivery they only change in place (`isLive`), so a walk by index stays
        /// valid.
        var slots: [[ListenerSlot]] = []
        /// Subscriptions made during a delivery, joined to `slots` when that event is done.
        var joining: [(name: EventName, slot: ListenerSlot)] = []
        /// Handlers whose tokens ended during the current delivery, kept until it is done: a
        /// slot walked later in it (or the handler running now) may still be one.
        var retired: [EventHandler] = []
        /// Names whose slots hold ended subscriptions, removed when the current event is done.
        var endedNames: [Int] = []
        /// Per typed name (by id), a payload box that nothing else references any more, kept
        /// from a delivered event to carry the next value published under that name.
        var spareBoxes: [TypedPayloadBox?] = []
        /// Events waiting, oldest first. Delivery moves each out of the queue, so nothing is
        /// copied, and nothing is left behind to compact.
        var queue = Deque<QueuedEvent>(minimumCapacity: 64)
        var serial: UInt64 = 0
        /// Names and parents of the events whose delivery published others, to rebuild a chain
        /// that runs away; reset at the start of each call (most deliveries log nothing).
        var deliveryLog: [(name: EventName, parent: Int)] = []
        /// The event being delivered: its name, its parent's log index, and its own log index
        /// once it has been logged (-1 before).
        var currentName = EventName(interned: -1)
        var currentParent = -1
        var currentLogIndex = -1
        var queueDepthOfCurrent = 0
        var isDelivering = false
        var deliveredCount = 0
        var monitor: ((EventPayload, Int) -> Void)?
    }

    // MARK: Subscribing

    /// Subscribes `owner` to `key` until the returned token is cancelled or released:
    /// `body` runs with the owner and the event's value at each delivery. Keep the token in
    /// the owner (`Widget.listen` and `Room.listen` do): the announcer does not retain
    /// the owner, and the token must not outlive it (debug builds trap if it does).
    ///
    /// `body` gets the owner as its first argument so that it need not capture it: a
    /// closure that captured its owner strongly would keep it, and so its token, alive.
    /// - Complexity: O(n) in the listeners of that name.
    @inlinable
    package func subscribe<Owner: AnyObject, Payload>(
        _ owner: Owner, to key: EventKey<Payload>, priority: Int = 0,
        _ body: @escaping (Owner, Payload) -> Void
    ) -> SubscriptionToken {
        // Lent to `body` unmanaged: an `unowned(unsafe)` capture is still retained and released
        // around each call, and the ownership rule already keeps the owner alive.
        let owner = Unmanaged.passUnretained(owner)
        let handler = EventHandler(owner: owner.takeUnretainedValue()) { box in
            owner._withUnsafeGuaranteedRef { body($0, EventKey<Payload>.value(in: box)) }
        }
        return subscribe(handler, to: key.name, priority: priority)
    }

    /// Subscribes `owner` to the event `name` whatever its type, for tools that see events of
    /// every type (recorders, logs): `body` gets the value type-erased, to read back through
    /// its key. Otherwise as the typed `subscribe`.
    package func subscribe<Owner: AnyObject>(
        _ owner: Owner, to name: EventName, priority: Int = 0,
        _ body: @escaping (Owner, EventPayload) -> Void
    ) -> SubscriptionToken {
        let owner = Unmanaged.passUnretained(owner)
        let handler = EventHandler(owner: owner.takeUnretainedValue()) { box in
            owner._withUnsafeGuaranteedRef { body($0, EventPayload(name: name, box: box)) }
        }
        return subscribe(handler, to: name, priority: priority)
    }

    @usableFromInline
    func subscribe(_ handler: EventHandler, to name: EventName, priority: Int) -> SubscriptionToken {
        hot.serial += 1
        let serial = hot.serial
        let slot = ListenerSlot(handler: handler, priority: priority, serial: serial)
        if hot.isDelivering {
            hot.joining.append((name, slot))
        } else {
            join(slot, to: name)
        }
        return SubscriptionToken(name: name, priority: priority, serial: serial, handler: handler, link: link)
    }

    /// Ends the subscription `serial` (its token, which owns `handler`, was cancelled or
    /// released).
    func end(_ name: EventName, serial: UInt64, handler: EventHandler) {
        if let i = hot.joining.firstIndex(where: { $0.slot.serial == serial }) {
            hot.joining.remove(at: i)
            return
        }
        guard name.id < hot.slots.count, let i = hot.slots[name.id].firstIndex(where: { $0.serial == serial }) else { return }
        if hot.isDelivering {
            hot.slots[name.id][i].isLive = false
            hot.endedNames.append(name.id)
            hot.retired.append(handler)
        } else {
            hot.slots[name.id].remove(at: i)
        }
    }

    func storedSlots(of name: EventName) -> [ListenerSlot] {
        name.id < hot.slots.count ? hot.slots[name.id] : []
    }

    private func join(_ slot: ListenerSlot, to name: EventName) {
        if name.id >= hot.slots.count {
            hot.slots.append(contentsOf: repeatElement([], count: name.id + 1 - hot.slots.count))
        }
        let index = hot.slots[name.id].firstIndex { slot.runsBefore($0) } ?? hot.slots[name.id].endIndex
        hot.slots[name.id].insert(slot, at: index)
    }

    /// Applies the subscriptions made and ended during the event just delivered.
    private func settle() {
        for id in hot.endedNames { hot.slots[id].removeAll { !$0.isLive } }
        hot.endedNames.removeAll(keepingCapacity: true)
        for (name, slot) in hot.joining { join(slot, to: name) }
        hot.joining.removeAll(keepingCapacity: true)
        hot.retired.removeAll(keepingCapacity: true)
    }

    // MARK: Publishing and delivery

    /// Queues the event `key` carrying `value`. It is delivered by the next
    /// `deliverQueued()` (or later in the same one when published during a delivery).
    /// - Complexity: O(1) amortized, plus boxing `value`: into a spare box of the key (no
    ///   allocation) once one of its events has been delivered and let go. Inlinable, so that
    ///   the boxing is specialized for `Payload` where it is published.
    @inlinable
    public func publish<Payload>(_ key: EventKey<Payload>, _ value: Payload) {
        enqueue(key.name, key.box(value, reusing: takeSpareBox(key.name)))
    }

    /// Queues the event `key`, which carries nothing.
    @inlinable
    public func publish(_ key: EventKey<NoPayload>) {
        publish(key, NoPayload())
    }

    /// Queues an event already made with its value (a note from the room's server, a line
    /// of a recording).
    public func publish(_ event: EventPayload) {
        enqueue(event.name, event.box)
    }

    // A box per publish would be an allocation and a free per event, more than the rest of a
    // publish. So once an event is delivered, its box becomes its name's spare if nothing else
    // references it (what kept the payload keeps its own box), and the next publish under that
    // name writes its value into the spare.

    /// The spare box of the typed name `name`, taken (nil if it has none).
    @usableFromInline
    func takeSpareBox(_ name: EventName) -> TypedPayloadBox? {
        guard name.id < hot.spareBoxes.count else { return nil }
        // Swapped out, not copied and cleared: no reference counting on the way.
        var box: TypedPayloadBox?
        swap(&box, &hot.spareBoxes[name.id])
        return box
    }

    /// Makes the delivered event's `box` the spare of `name`, if nothing else references it.
    private func keepSpareBox(_ box: consuming TypedPayloadBox, of name: EventName) {
        guard isKnownUniquelyReferenced(&box) else { return }
        let id = name.id
        if id >= hot.spareBoxes.count {
            hot.spareBoxes.append(contentsOf: repeatElement(nil, count: id + 1 - hot.spareBoxes.count))
        }
        hot.spareBoxes[id] = consume box
    }

    /// Takes the publish's own reference to `box`: queueing it costs no retain and release.
    @usableFromInline
    func enqueue(_ name: EventName, _ box: consuming TypedPayloadBox) {
        guard hot.isDelivering else {
            hot.queue.append(QueuedEvent(name: name, box: box, parent: -1, depth: 0))
            return
        }
        if hot.currentLogIndex < 0 {
            hot.deliveryLog.append((hot.currentName, hot.currentParent))
            hot.currentLogIndex = hot.deliveryLog.count - 1
        }
        hot.queue.append(
            QueuedEvent(
                name: name, box: box, parent: hot.currentLogIndex,
                depth: hot.queueDepthOfCurrent + 1))
    }

    /// The number of events waiting.
    package var pendingCount: Int { hot.queue.count }

    /// Delivers queued events, including those published while delivering, until the queue is
    /// empty or the per-frame bound is reached.
    /// - Returns: how many events were delivered, and how many were deferred or dropped.
    /// - Complexity: per event, one array index and one call per listener of its name: no
    ///   allocation, no reference counting, no hashing.
    @discardableResult
    public func deliverQueued() -> DeliveryStats {
        precondition(!hot.isDelivering, "deliverQueued() re-entered: the loop must never re-enter")
        hot.isDelivering = true
        defer { hot.isDelivering = false }
        if !hot.deliveryLog.isEmpty { resetDeliveryLog() }
        var stats = DeliveryStats()
        while !hot.queue.isEmpty {
            if stats.delivered >= maxDeliveriesPerFrame {
                stats.deferred = hot.queue.count
                report(
                    RunawayReport(
                        reason: .frameBudget(maxDeliveriesPerFrame),
                        chain: chain(endingAt: hot.queue[0].parent) + [hot.queue[0].name]))
                break
            }
            var event = hot.queue.removeFirst()
            if event.depth > maxChainDepth {
                stats.dropped += 1
                report(
                    RunawayReport(
                        reason: .chainDepth(maxChainDepth),
                        chain: chain(endingAt: event.parent) + [event.name]))
                continue
            }
            hot.currentName = event.name
            hot.currentParent = event.parent
            hot.currentLogIndex = -1
            hot.queueDepthOfCurrent = event.depth
            // Moved out of the event, lent to the delivery, then kept as the spare: no
            // reference counting on the way.
            guard let box = event.box.take() else { continue }
            let reached = deliver(box, of: event.name)
            if let monitor = hot.monitor {
                monitor(EventPayload(name: event.name, box: box), reached)
            }
            keepSpareBox(consume box, of: event.name)
            stats.delivered += 1
            if !hot.joining.isEmpty || !hot.endedNames.isEmpty || !hot.retired.isEmpty { settle() }
        }
        hot.currentLogIndex = -1
        hot.deliveredCount += stats.delivered
        return stats
    }

    /// Returns how many listeners the event reached.
    private func deliver(_ box: borrowing TypedPayloadBox, of name: EventName) -> Int {
        let id = name.id
        guard id < hot.slots.count else { return 0 }
        // Walk by index, reading the stored slot each time: a cancel during the walk clears
        // that slot's `isLive` in place (so a listener cancelled before its turn is skipped),
        // and a subscribe waits in `joining`, so no slot moves until `settle()`.
        var i = 0
        var reached = 0
        while i < hot.slots[id].count {
            let slot = hot.slots[id][i]
            i += 1
            guard slot.isLive else { continue }
            slot.checkOwnership(of: name)
            // Lent, not loaded: loading the `unowned(unsafe)` handler retains its closure.
            Unmanaged.passUnretained(slot.handler)._withUnsafeGuaranteedRef { $0.run(copy box) }
            reached += 1
        }
        return reached
    }

    /// Starts a new delivery log. Events deferred from the last call still name their
    /// causes by log index, so those causes' chains are kept (renumbered) and the rest
    /// dropped; with nothing deferred the log simply empties.
    private func resetDeliveryLog() {
        guard hot.queue.contains(where: { $0.parent >= 0 }) else {
            hot.deliveryLog.removeAll(keepingCapacity: true)
            return
        }
        var kept: [(name: EventName, parent: Int)] = []
        var renumbered: [Int: Int] = [:]
        func keep(_ index: Int) -> Int {
            guard index >= 0 else { return -1 }
            if let done = renumbered[index] { return done }
            let parent = keep(hot.deliveryLog[index].parent)
            kept.append((hot.deliveryLog[index].name, parent))
            renumbered[index] = kept.count - 1
            return kept.count - 1
        }
        for i in hot.queue.indices where hot.queue[i].parent >= 0 {
            // Two accesses, so that `keep`'s reads of `hot` never overlap the write.
            let parent = keep(hot.queue[i].parent)
            hot.queue[i].parent = parent
        }
        hot.deliveryLog = kept
    }

    private func chain(endingAt index: Int) -> [EventName] {
        var names: [EventName] = []
        var i = index
        while i >= 0, names.count <= maxChainDepth + 1 {
            names.append(hot.deliveryLog[i].name)
            i = hot.deliveryLog[i].parent
        }
        return names.reversed()
    }

    private func report(_ r: RunawayReport) {
        runaways.append(r)
        if runaways.count > 16 { runaways.removeFirst(runaways.count - 16) }
        onRunaway?(r)
    }
}
