import Foundation
import StudioKit

/// Where the loop thread and the DevTools server meet. The loop hands over the latest
/// snapshot and takes the commands that came in; the server reads the snapshot and adds
/// commands. Each side holds the lock only to swap a value, so the loop never waits on the
/// server's sockets, and what the page asks is applied on the loop thread, between frames,
/// like any other note.
///
/// Commands wait in a bounded queue: a page that sends faster than the room runs gets a
/// refusal (`post` returns false) instead of growing the queue.
package final class DevToolsBridge: Sendable {
    /// Most commands waiting for the loop.
    package static let commandLimit = 256

    private struct Shared {
        var latest: DevToolsSnapshot?
        var commands: [DevToolsCommand] = []
        var log = DevToolsLogStore()
        /// Screenshots asked for (by number, with a layer's name or none for the frame) and
        /// those made, waiting to be taken by the server.
        var shotRequests: [(id: Int, layer: LayerKind?)] = []
        var shotResults: [Int: Result<[UInt8], DevToolsError>] = [:]
        var shots = 0
    }

    private let shared = Locked(Shared())
    private let replay: DevToolsReplay?

    /// - Parameter replay: how a saved log replays (the run's flags and scenario).
    package init(replay: DevToolsReplay? = nil) {
        self.replay = replay
    }

    /// Called on the loop thread, once a frame: the log's entries and input lines of the
    /// frame, and the loop's clock and frame.
    package func appendLog(_ entries: [DevToolsLogEntry], inputLines: [(time: Double, text: String)], time: Double, frame: Int) {
        shared.withLock { s in s.log.append(entries, inputLines: inputLines, time: time, frame: frame) }
    }

    /// The log's entries after `serial`, oldest first, at most `limit` (the newest), and how
    /// many newer ones were passed over (gone from the log's ring, or past `limit`).
    package func logEntries(after serial: Int, limit: Int) -> (entries: [DevToolsLogEntry], skipped: Int) {
        shared.withLock { s in s.log.entries(after: serial, limit: limit) }
    }

    /// Asks the loop for a PNG of its next frame, or of one layer of it; the number to wait
    /// for, or nil when 4 are waiting already.
    package func requestScreenshot(of layer: LayerKind?) -> Int? {
        shared.withLock { s in
            guard s.shotRequests.count < 4 else { return nil }
            s.shots += 1
            s.shotRequests.append((s.shots, layer))
            return s.shots
        }
    }

    /// Called on the loop thread: the screenshots asked for since the last call.
    package func takeScreenshotRequests() -> [(id: Int, layer: LayerKind?)] {
        shared.withLock { s in
            defer { s.shotRequests.removeAll() }
            return s.shotRequests
        }
    }

    /// Called on the loop thread: screenshot `id`, made or failed.
    package func deliverScreenshot(_ id: Int, _ result: Result<[UInt8], DevToolsError>) {
        shared.withLock { s in
            s.shotResults[id] = result
            // One the server stopped waiting for is never taken: keep the newest few only.
            if s.shotResults.count > 8, let oldest = s.shotResults.keys.min() { s.shotResults[oldest] = nil }
        }
    }

    /// Screenshot `id` once made (taken: a second call gets nil).
    package func takeScreenshot(_ id: Int) -> Result<[UInt8], DevToolsError>? {
        shared.withLock { s in s.shotResults.removeValue(forKey: id) }
    }

    /// The log as a scenario file that `--scenario` replays (`DevToolsLogStore.scenario`).
    package func savedLog() -> String {
        let store = shared.withLock { s in s.log }
        return store.scenario(replay: replay)
    }

    /// Called on the loop thread: the page's next snapshot.
    package func publish(_ snapshot: DevToolsSnapshot) {
        shared.withLock { s in s.latest = snapshot }
    }

    /// The latest snapshot, if the loop has made one.
    package func snapshot() -> DevToolsSnapshot? {
        shared.withLock { s in s.latest }
    }

    /// Queues `command` for the loop; false when the queue is full.
    package func post(_ command: DevToolsCommand) -> Bool {
        shared.withLock { s in
            guard s.commands.count < DevToolsBridge.commandLimit else { return false }
            s.commands.append(command)
            return true
        }
    }

    /// Called on the loop thread: the commands that came in since the last call.
    package func takeCommands() -> [DevToolsCommand] {
        shared.withLock { s in
            defer { s.commands.removeAll(keepingCapacity: true) }
            return s.commands
        }
    }
}
