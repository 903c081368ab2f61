import Foundation
import StudioDomain
import StudioKit

/// What the loop thread and the feed thread share: the queue of controls, the feed's last
/// status, and the flags of its life. Every field is guarded by `condition`'s lock, and the
/// lock is only held to copy a few values in or out, never while notes are generated: a
/// poster waits at most for such a copy, never for the feed's work.
final class FeedMailbox: @unchecked Sendable {
    // @unchecked: every stored var below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var controls: [FeedControl] = []
    private var paused = false
    private var closing = false
    private var finished = false
    private var latest: FeedStatus

    init(status: FeedStatus) { latest = status }

    /// Queues a control for the feed thread and wakes it. Ignored once shutting down.
    func post(_ control: FeedControl) {
        condition.lock()
        defer { condition.unlock() }
        guard !closing else { return }
        if control == .driver(.shutdown) {
            closing = true
            // A paused worker must still get to the shutdown, or the join would wait forever.
            paused = false
        }
        controls.append(control)
        condition.broadcast()
    }

    /// Feed thread: waits until there are controls (and the test hook does not hold the
    /// worker), then takes them all.
    func takeBatch() -> [FeedControl] {
        condition.lock()
        defer { condition.unlock() }
        while controls.isEmpty || paused { condition.wait() }
        let batch = controls
        controls.removeAll(keepingCapacity: true)
        return batch
    }

    /// Feed thread: publishes the status after a batch; `finished` ends the join's wait.
    func publish(_ status: FeedStatus, finished done: Bool = false) {
        condition.lock()
        defer { condition.unlock() }
        latest = status
        if done {
            finished = true
            condition.broadcast()
        }
    }

    /// Waits until the feed thread has finished (after a shutdown was posted).
    func waitUntilFinished() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }

    var status: FeedStatus {
        condition.lock()
        defer { condition.unlock() }
        return latest
    }

    /// Controls posted and not yet taken by the feed thread.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return controls.count
    }

    /// Test hook: while paused the feed thread takes nothing; posting still works.
    func setPaused(_ value: Bool) {
        condition.lock()
        defer { condition.unlock() }
        paused = value && !closing
        condition.broadcast()
    }
}
