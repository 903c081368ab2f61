import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// A loaded basic single-host studio (the built-in configuration) driven by hand. The
/// business and live-widget fixtures are this studio with their own seeds and helpers.
package class StudioFixture: HandDrivenStudio<Room> {
    package init(seed: UInt64 = 42, room: RoomInfo = RoomDirectory.demoRooms[0], load: Bool = true) {
        let measurer = ApproximateTextMeasurer()
        super.init(
            Room(builtInAudience: room, environment: StudioEnvironment(measurer: measurer, seed: seed)),
            measurer: measurer, load: load)
    }

    package func widget<W: Widget>(_ type: W.Type) -> W {
        guard let w = studio.root.subtree().first(where: { $0 is W }) as? W else {
            fatalError("no \(W.self) in the studio")
        }
        return w
    }
}

/// Records the events it is subscribed to, type-erased, in the order they were delivered.
package final class EventRecorder {
    package private(set) var received: [EventPayload] = []
    private var tokens: [SubscriptionToken] = []

    /// Records the events named `names`.
    package init(_ announcer: Announcer, names: [EventName]) {
        tokens = names.map { name in announcer.subscribe(self, to: name) { $0.received.append($1) } }
    }

    /// Records the events of `keys`, whatever their payload types.
    package convenience init<each Payload>(_ announcer: Announcer, _ keys: repeat EventKey<each Payload>) {
        var names: [EventName] = []
        for key in repeat each keys { names.append(key.name) }
        self.init(announcer, names: names)
    }

    package func count<Payload>(of key: EventKey<Payload>) -> Int { received.filter { $0.is(key) }.count }

    /// The values of the `key` events received, in order.
    package func values<Payload>(_ key: EventKey<Payload>) -> [Payload] {
        received.compactMap { $0.value(key) }
    }
}
