import StudioKit

/// Hands events to a closure: a studio base class subscribes through one of these for the
/// events it handles itself, so a type that overrides `onEvent` without calling `super`
/// cannot lose them. The subscriptions end with the relay.
final class StudioEventRelay: EventListener {
    private let handle: (EventName, EventPayload) -> Void
    private var tokens: [SubscriptionToken] = []

    init(_ announcer: Announcer, _ names: [EventName], handle: @escaping (EventName, EventPayload) -> Void) {
        self.handle = handle
        tokens = names.map { announcer.subscribe(self, to: $0) }
    }

    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        handle(name, userInfo)
    }
}
