import Foundation
import StudioDomain
import StudioKit

/// The simulated live-stream server as a real-time I/O component: a background thread runs
/// a `FeedCore` and sends its notes into the driver's inbox.
///
/// The thread keeps simulated time, not wall time: it generates notes up to the latest
/// `.advance(to:)` the driver sent, so a slow or paused loop never makes it run ahead, and a
/// run with the same controls yields the same notes as `LockstepFeed` (only later).
///
/// Every method called from the loop thread (`handle`, `simulateDisconnect`, `setRates`...)
/// only appends to a queue under a lock and signals the thread: it never waits for the
/// feed's work. `.shutdown` is the exception: it joins the thread (at exit, on purpose).
package final class ServerFeed: IOComponent, Sendable {
    private let mailbox: FeedMailbox

    /// Starts the feed thread.
    /// - Parameters:
    ///   - inbox: the driver's inbox; notes are sent from the feed thread.
    ///   - core: the generators' setup (seed, rates, connection policy, scenario).
    package init(inbox: Inbox<StudioNote>, core: FeedCore) {
        let mailbox = FeedMailbox(status: core.status)
        self.mailbox = mailbox
        // The thread owns the core: nothing else touches it, so it needs no lock.
        let thread = Thread {
            ThreadNaming.nameCurrentThread("server feed")
            var core = core
            while true {
                for control in mailbox.takeBatch() {
                    for timed in core.apply(control) { inbox.send(timed.note) }
                    if control == .driver(.shutdown) {
                        mailbox.publish(core.status, finished: true)
                        return
                    }
                }
                mailbox.publish(core.status)
            }
        }
        thread.start()
    }

    /// Without a shutdown the thread would wait for controls forever; it is told to stop
    /// (not joined: a deinit must not block).
    deinit { mailbox.post(.driver(.shutdown)) }

    /// Queues `control` for the feed thread; returns at once. `.shutdown` waits for the
    /// thread to finish; later controls are ignored.
    package func handle(_ control: DriverControl) {
        mailbox.post(.driver(control))
        if control == .shutdown { mailbox.waitUntilFinished() }
    }

    /// The connection drops at the feed's current simulated time. Returns at once.
    package func simulateDisconnect() { mailbox.post(.disconnect) }

    /// The next `count` reconnect attempts fail. Returns at once.
    package func failNextReconnects(_ count: Int = 1) { mailbox.post(.failNextReconnects(count)) }

    /// Every room uses `rates` from the feed's current simulated time on. Returns at once.
    package func setRates(_ rates: FeedRates) { mailbox.post(.setRates(rates)) }

    /// The feed's state after the last batch of controls it finished.
    package var status: FeedStatus { mailbox.status }

    // MARK: Test hooks

    /// Holds the feed thread before its next batch; controls keep queueing meanwhile.
    func pauseWorkerForTesting() { mailbox.setPaused(true) }
    func resumeWorkerForTesting() { mailbox.setPaused(false) }
    /// Controls queued and not yet taken by the feed thread.
    var pendingControlCount: Int { mailbox.pendingCount }
}
