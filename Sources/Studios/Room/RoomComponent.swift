import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// One duty of a configured room, composed into it rather than inherited: the live session,
/// the orientation, the hearts, the room's messages and the badge are the ones every room
/// has, and a kind with behaviour of its own adds its component (`StudioKind`).
/// The room is one class, `ConfiguredStudio`, whatever its kind.
///
/// A component listens and publishes in its room's announcer (`EventListener`), and the room
/// calls its hooks in the order the components were composed: the room's own first, then
/// the kind's. A component that conforms to a service protocol (`LiveSessionService`, …)
/// provides that service to the room's widgets.
open class RoomComponent: EventListener {
    private weak var owner: ConfiguredStudio?
    private var subscriptions: [SubscriptionToken] = []

    public init() {}

    /// The room (its studio) the component is part of. Only valid once the room built it, which is
    /// before any hook runs.
    public var studio: ConfiguredStudio {
        guard let owner else { preconditionFailure("\(Self.self) is used before a room composed it") }
        return owner
    }

    final func join(_ room: ConfiguredStudio) { owner = room }

    /// After every widget of the room loaded: the place to listen and to find widgets.
    open func roomDidLoad() {}

    /// 0.9.0's name of `roomDidLoad()`, called after it for a component written for 0.9.0.
    @available(*, deprecated, renamed: "roomDidLoad")
    open func studioDidLoad() {}

    /// 0.9.0's event funnel; a component listens to each event with its own closure.
    @available(*, unavailable, message: "listen to each event with a closure in roomDidLoad(): listen(to: .prizeWon) { room, prize in … }")
    open func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {}

    /// Each fixed step, before the widgets update.
    open func willUpdate(_ step: FrameStep) {}

    /// Each fixed step, after the widgets updated.
    open func didUpdate(_ step: FrameStep) {}

    /// Whether the room lets a server note of this name reach its widgets. Every component
    /// must admit a note for it to pass.
    open func admitsFeed(_ name: EventName) -> Bool { true }

    /// Adds what the component counted to what the room hands back when it is left.
    open func contribute(to output: inout StudioOutput) {}

    // `listen(to:)` and `publish(_:)` come with `EventListener`: subscriptions end with the
    // component, which ends with its room.
    public var roomAnnouncer: Announcer? { owner?.announcer }

    public func keep(_ token: SubscriptionToken) { subscriptions.append(token) }
}
