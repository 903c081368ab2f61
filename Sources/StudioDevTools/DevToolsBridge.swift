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
package final class DevToolsBridge: @unchecked Sendable {
    /// Most commands waiting for the loop.
    package static let commandLimit = 256

    private let lock = NSLock()
    private var latest: DevToolsSnapshot?
    private var commands: [DevToolsCommand] = []
    private var log = DevToolsLogStore()
    /// Screenshots asked for (by number, with a layer's name or none for the frame) and
    /// those made, waiting to be taken by the server.
    private var shotRequests: [(id: Int, layer: LayerKind?)] = []
    private var shotResults: [Int: Result<[UInt8], DevToolsError>] = [:]
    private var shots = 0
    private let replay: DevToolsReplay?

    /// - Parameter replay: how a saved log replays (the run's flags and scenario).
    package init(replay: DevToolsReplay? = nil) {
        self.replay = replay
    }

    /// Called on the loop thread, once a frame: the log's entries and input lines of the
    /// frame, and the loop's clock and frame.
    package func appendLog(_ entries: [DevToolsLogEntry], inputLines: [(time: Double, text: String)], time: Double, frame: Int) {
        lock.withLock { log.append(entries, inputLines: inputLines, time: time, frame: frame) }
    }

    /// The log's entries after `serial`, oldest first, at most `limit` (the newest), and how
    /// many newer ones were passed over (gone from the log's ring, or past `limit`).
    package func logEntries(after serial: Int, limit: Int) -> (entries: [DevToolsLogEntry], skipped: Int) {
        lock.withLock { log.entries(after: serial, limit: limit) }
    }

    /// Asks the loop for a PNG of its next frame, or of one layer of it; the number to wait
    /// for, or nil when 4 are waiting already.
    package func requestScreenshot(of layer: LayerKind?) -> Int? {
        lock.withLock {
            guard shotRequests.count < 4 else { return nil }
            shots += 1
            shotRequests.append((shots, layer))
            return shots
        }
    }

    /// Called on the loop thread: the screenshots asked for since the last call.
    package func takeScreenshotRequests() -> [(id: Int, layer: LayerKind?)] {
        lock.withLock {
            defer { shotRequests.removeAll() }
            return shotRequests
        }
    }

    /// Called on the loop thread: screenshot `id`, made or failed.
    package func deliverScreenshot(_ id: Int, _ result: Result<[UInt8], DevToolsError>) {
        lock.withLock {
            shotResults[id] = result
            // One the server stopped waiting for is never taken: keep the newest few only.
            if shotResults.count > 8, let oldest = shotResults.keys.min() { shotResults[oldest] = nil }
        }
    }

    /// Screenshot `id` once made (taken: a second call gets nil).
    package func takeScreenshot(_ id: Int) -> Result<[UInt8], DevToolsError>? {
        lock.withLock { shotResults.removeValue(forKey: id) }
    }

    /// The log as a scenario file that `--scenario` replays (`DevToolsLogStore.scenario`).
    package func savedLog() -> String {
        let store = lock.withLock { log }
        return store.scenario(replay: replay)
    }

    /// Called on the loop thread: the page's next snapshot.
    package func publish(_ snapshot: DevToolsSnapshot) {
        lock.withLock { latest = snapshot }
    }

    /// The latest snapshot, if the loop has made one.
    package func snapshot() -> DevToolsSnapshot? {
        lock.withLock { latest }
    }

    /// Queues `command` for the loop; false when the queue is full.
    package func post(_ command: DevToolsCommand) -> Bool {
        lock.withLock {
            guard commands.count < Self.commandLimit else { return false }
            commands.append(command)
            return true
        }
    }

    /// Called on the loop thread: the commands that came in since the last call.
    package func takeCommands() -> [DevToolsCommand] {
        lock.withLock {
            defer { commands.removeAll(keepingCapacity: true) }
            return commands
        }
    }
}
