import Foundation

/// Where the loop thread and the DevTools server meet. The loop hands over the latest
/// snapshot and takes the commands that came in; the server reads the snapshot and adds
/// commands. Each side holds the lock only to swap a value, so the loop never waits on the
/// server's sockets, and what the page asks is applied on the loop thread, between frames,
/// like any other note.
///
/// Commands wait in a bounded queue: a page that sends faster than the room runs gets a
/// refusal (`post` returns false) instead of growing the queue.
public final class DevToolsBridge: @unchecked Sendable {
    /// Most commands waiting for the loop.
    public static let commandLimit = 256

    private let lock = NSLock()
    private var latest: DevToolsSnapshot?
    private var commands: [DevToolsCommand] = []
    private var log = DevToolsLogStore()
    private let replay: DevToolsReplay?

    /// - Parameter replay: how a saved log replays (the run's flags and scenario).
    public init(replay: DevToolsReplay? = nil) {
        self.replay = replay
    }

    /// Called on the loop thread, once a frame: the log's entries and input lines of the
    /// frame, and the loop's clock and frame.
    public func appendLog(_ entries: [DevToolsLogEntry], inputLines: [(time: Double, text: String)], time: Double, frame: Int) {
        lock.withLock { log.append(entries, inputLines: inputLines, time: time, frame: frame) }
    }

    /// The log's entries after `serial`, oldest first, at most `limit` (the newest), and how
    /// many newer ones were passed over (gone from the log's ring, or past `limit`).
    public func logEntries(after serial: Int, limit: Int) -> (entries: [DevToolsLogEntry], skipped: Int) {
        lock.withLock { log.entries(after: serial, limit: limit) }
    }

    /// The log as a scenario file that `--scenario` replays (`DevToolsLogStore.scenario`).
    public func savedLog() -> String {
        let store = lock.withLock { log }
        return store.scenario(replay: replay)
    }

    /// Called on the loop thread: the page's next snapshot.
    public func publish(_ snapshot: DevToolsSnapshot) {
        lock.withLock { latest = snapshot }
    }

    /// The latest snapshot, if the loop has made one.
    public func snapshot() -> DevToolsSnapshot? {
        lock.withLock { latest }
    }

    /// Queues `command` for the loop; false when the queue is full.
    public func post(_ command: DevToolsCommand) -> Bool {
        lock.withLock {
            guard commands.count < Self.commandLimit else { return false }
            commands.append(command)
            return true
        }
    }

    /// Called on the loop thread: the commands that came in since the last call.
    public func takeCommands() -> [DevToolsCommand] {
        lock.withLock {
            defer { commands.removeAll(keepingCapacity: true) }
            return commands
        }
    }
}
