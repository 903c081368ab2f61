import StudioKit
@testable import Studios

/// A loaded basic single-host studio (the built-in configuration) driven by hand. The
/// business and live-widget fixtures are this studio with their own seeds and helpers.
class StudioFixture: HandDrivenStudio<SingleHostStudio> {
    init(seed: UInt64 = 42, room: RoomInfo = RoomDirectory.demoRooms[0], load: Bool = true) {
        let measurer = ApproximateTextMeasurer()
        super.init(SingleHostStudio(room: room, environment: StudioEnvironment(measurer: measurer, seed: seed)),
                   measurer: measurer, load: load)
    }

    func widget<W: Widget>(_ type: W.Type) -> W {
        guard let w = studio.root.subtree().first(where: { $0 is W }) as? W else {
            fatalError("no \(W.self) in the studio")
        }
        return w
    }
}

/// Records the events it is subscribed to.
final class EventRecorder: EventListener {
    private(set) var received: [(name: EventName, payload: EventPayload)] = []
    private var tokens: [SubscriptionToken] = []

    init(_ announcer: Announcer, _ names: [EventName]) {
        tokens = names.map { announcer.subscribe(self, to: $0) }
    }

    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        received.append((name, userInfo))
    }

    func count(of name: EventName) -> Int { received.filter { $0.name == name }.count }
    func count<Payload>(of key: EventKey<Payload>) -> Int { count(of: key.name) }

    /// The values of the `key` events received, in order.
    func values<Payload>(_ key: EventKey<Payload>) -> [Payload] {
        received.compactMap { key.payload($0.name, $0.payload) }
    }
}
