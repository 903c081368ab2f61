/// Something that listens to its room's events and publishes its own: a widget or a studio.
/// It provides its room's announcer and keeps its tokens; `listen` and `publish` come with
/// the protocol.
public protocol EventListener: AnyObject {
    /// The announcer of the room it is in; nil while it is in none (a widget not loaded).
    var roomAnnouncer: Announcer? { get }
    /// Keeps `token` for as long as the listener should hear its event. The listener owns
    /// its tokens, so its subscriptions end when it goes (a widget also ends them on unload).
    func keep(_ token: SubscriptionToken)
}

extension EventListener {
    /// Subscribes to `key`: `body` runs with this listener and the event's value at each
    /// delivery, for as long as the listener keeps the token (a widget: until it unloads).
    /// Returns nil, subscribing nothing, while the listener is in no room.
    ///
    ///     listen(to: .giftArrived) { widget, gift in widget.enqueue(gift) }
    ///
    /// Reach the listener through `body`'s first argument: a closure that captured `self`
    /// would keep the listener alive through its own token.
    @discardableResult
    @inlinable
    public func listen<Payload>(
        to key: EventKey<Payload>, priority: Int = 0,
        _ body: @escaping (Self, Payload) -> Void
    ) -> SubscriptionToken? {
        guard let announcer = roomAnnouncer else { return nil }
        let token = announcer.subscribe(self, to: key, priority: priority, body)
        keep(token)
        return token
    }

    /// Publishes the event `key` carrying `value` in this listener's room (nothing while it
    /// is in none).
    @inlinable
    public func publish<Payload>(_ key: EventKey<Payload>, _ value: Payload) {
        roomAnnouncer?.publish(key, value)
    }

    /// Publishes the event `key`, which carries nothing.
    @inlinable
    public func publish(_ key: EventKey<NoPayload>) {
        roomAnnouncer?.publish(key)
    }
}
