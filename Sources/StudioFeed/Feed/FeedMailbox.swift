import Foundation
import StudioDomain
import StudioKit

/// What the loop thread and the feed thread share: the queue of controls, the feed's last
/// status, and the flags of its life, under one lock that is only held to copy a few values
/// in or out, never while notes are generated: a poster waits at most for such a copy, never
/// for the feed's work.
final class FeedMailbox: Sendable {
    private struct Box {
        var controls: [FeedControl] = []
        var paused = false
        var closing = false
        var finished = false
        var latest: FeedStatus
    }

    private let box: Awaited<Box>

    init(status: FeedStatus) { box = Awaited(Box(latest: status)) }

    /// Queues a control for the feed thread and wakes it. Ignored once shutting down.
    func post(_ control: FeedControl) {
        box.update { box in
            guard !box.closing else { return .none }
            if control == .driver(.shutdown) {
                box.closing = true
                // A paused worker must still get to the shutdown, or the join would wait forever.
                box.paused = false
            }
            box.controls.append(control)
            return .all
        }
    }

    /// Feed thread: waits until there are controls (and the test hook does not hold the
    /// worker), then takes them all.
    func takeBatch() -> [FeedControl] {
        box.wait(until: { !$0.controls.isEmpty && !$0.paused }) { box in
            let batch = box.controls
            box.controls.removeAll(keepingCapacity: true)
            return batch
        }
    }

    /// Feed thread: publishes the status after a batch; `finished` ends the join's wait.
    func publish(_ status: FeedStatus, finished done: Bool = false) {
        box.update { box in
            box.latest = status
            guard done else { return .none }
            box.finished = true
            return .all
        }
    }

    /// Waits until the feed thread has finished (after a shutdown was posted).
    func waitUntilFinished() {
        box.wait(until: { $0.finished }) { _ in }
    }

    var status: FeedStatus { box.withLock { $0.latest } }

    /// Controls posted and not yet taken by the feed thread.
    var pendingCount: Int { box.withLock { $0.controls.count } }

    /// Test hook: while paused the feed thread takes nothing; posting still works.
    func setPaused(_ value: Bool) {
        box.update { box in
            box.paused = value && !box.closing
            return .all
        }
    }
}
