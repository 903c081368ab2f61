@testable import StudioKit

/// A listener that logs "<name>:<event>" and runs an optional reaction on each event.
///
/// It subscribes by name, type-erased, as a recorder does, so that one list holds the events
/// of every payload type it hears, each read back through its key. The payload it keeps is
/// the one the announcer delivered (its box, not a copy).
final class LoggingListener {
    let name: String
    let log: CallLog
    var react: ((EventPayload) -> Void)?
    private(set) var received: [(event: EventName, payload: EventPayload)] = []
    /// The listener's subscriptions: they end when it goes away, as a widget's do.
    private var tokens: [SubscriptionToken] = []

    init(_ name: String, log: CallLog, react: ((EventPayload) -> Void)? = nil) {
        self.name = name
        self.log = log
        self.react = react
    }

    /// Subscribes to the events of `key`, whatever its payload type, and keeps the token.
    @discardableResult
    func listen<Payload>(to key: EventKey<Payload>, on announcer: Announcer, priority: Int = 0) -> SubscriptionToken {
        let token = announcer.subscribe(self, to: key.name, priority: priority) { $0.heard($1) }
        tokens.append(token)
        return token
    }

    /// The values of the `key` events received, in order.
    func values<Payload>(of key: EventKey<Payload>) -> [Payload] {
        received.compactMap { $0.payload.value(key) }
    }

    private func heard(_ payload: EventPayload) {
        received.append((payload.name, payload))
        log.add("\(name):\(payload.name.rawValue)")
        react?(payload)
    }
}

/// A listener of one key that reads each value typed, as a widget does, and keeps it.
final class TypedCollector<Value: Hashable & Sendable> {
    private(set) var values: [Value] = []
    private var tokens: [SubscriptionToken] = []

    /// Subscribes to `key` and keeps the token.
    @discardableResult
    func listen(to key: EventKey<Value>, on announcer: Announcer, priority: Int = 0) -> SubscriptionToken {
        // The closure is handed the collector, so it captures nothing.
        let token = announcer.subscribe(self, to: key, priority: priority) { collector, value in
            collector.values.append(value)
        }
        tokens.append(token)
        return token
    }
}

// The events of the StudioKit tests. One test binary shares one table of names, and a text
// can be declared with one payload type only, so each text is declared once, here.

extension EventKey where Payload == NoPayload {
    static let ping = EventKey("ping")
    static let pong = EventKey("pong")
    static let other = EventKey("other")
}

extension EventKey where Payload == Int {
    /// An event that carries a number (an index, a count).
    static let tick = EventKey("tick")
}
