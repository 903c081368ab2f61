@testable import StudioKit

/// A listener that logs "<name>:<event>" and runs an optional reaction on each event.
final class LoggingListener: EventListener {
    let name: String
    let log: CallLog
    var react: ((EventName, EventPayload) -> Void)?
    private(set) var received: [(event: EventName, sender: AnyObject?, payload: EventPayload)] = []
    /// The listener's subscriptions: they end when it goes away, as a widget's do.
    private var tokens: [SubscriptionToken] = []

    init(_ name: String, log: CallLog, react: ((EventName, EventPayload) -> Void)? = nil) {
        self.name = name
        self.log = log
        self.react = react
    }

    /// Subscribes to `name` and keeps the token.
    @discardableResult
    func listen(to name: EventName, on announcer: Announcer, priority: Int = 0) -> SubscriptionToken {
        let token = announcer.subscribe(self, to: name, priority: priority)
        tokens.append(token)
        return token
    }

    func onEvent(_ event: EventName, sender: AnyObject?, userInfo: EventPayload) {
        received.append((event, sender, userInfo))
        log.add("\(name):\(event.rawValue)")
        react?(event, userInfo)
    }
}

extension EventName {
    static let ping = EventName("ping")
    static let pong = EventName("pong")
    static let other = EventName("other")
}
