import StudioDomain
import StudioKit

/// The simulated server run synchronously on the loop thread: each `.advance(to:)` produces
/// the notes due up to that time and sends them into the inbox before returning. For runs
/// that must repeat frame for frame (headless, tests, golden images): no thread, so notes
/// land in the inbox at a fixed frame, which a real-time `ServerFeed` cannot promise.
///
/// The work per `.advance` is that of the notes due (a few per frame in a live room).
package final class LockstepFeed: IOComponent {
    package private(set) var core: FeedCore
    private let inbox: Inbox<StudioNote>

    package init(inbox: Inbox<StudioNote>, core: FeedCore) {
        self.inbox = inbox
        self.core = core
    }

    package func handle(_ control: DriverControl) { apply(.driver(control)) }

    /// The connection drops at the current simulated time.
    package func simulateDisconnect() { apply(.disconnect) }

    /// The next `count` reconnect attempts fail.
    package func failNextReconnects(_ count: Int = 1) { apply(.failNextReconnects(count)) }

    /// Every room uses `rates` from the current simulated time on.
    package func setRates(_ rates: FeedRates) { apply(.setRates(rates)) }

    package var status: FeedStatus { core.status }

    private func apply(_ control: FeedControl) {
        for timed in core.apply(control) { inbox.send(timed.note) }
    }
}
