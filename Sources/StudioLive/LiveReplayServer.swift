import DanmakuImport
import Foundation
import Hummingbird
import StudioKit
import StudioServing

/// A broadcast server on the live-broadcast danmaku protocol that replays a danmaku file or
/// recording: a client connects to `ws://HOST:PORT/sub`, authenticates (operation 7), and
/// is sent the file's records at their times (at `options.speed`), batched as brotli bodies
/// (version 3) as the platform's servers send them, and answers its heartbeats (operation 2)
/// with the popularity count. Each connection replays from the start of the file, with its
/// own bounded queue.
///
/// It runs on Hummingbird (`LocalServer`, with its limits), on 127.0.0.1 unless told
/// otherwise. A client sends nothing but its authentication and its heartbeats, so a
/// message longer than `maxClientMessage` closes its connection, counted.
public final class LiveReplayServer: Sendable {
    public let index: DanmakuFileIndex
    public let options: LiveReplayOptions
    package let counters = LiveReplayCounters()
    private let batches: ReplayBatches
    private let server: LocalServer
    private let host: String

    /// Bytes of the longest message a client may send: an authentication with a token, or a
    /// heartbeat, is a few hundred.
    static let maxClientMessage = 4_096
    /// Seconds a client has to authenticate after its upgrade.
    static let authenticationSeconds = 10.0

    /// A server for the records of `index` on `host`:`port` (0: a free port).
    public init(index: DanmakuFileIndex, options: LiveReplayOptions, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.index = index
        self.options = options
        batches = ReplayBatches(index: index)
        self.host = host
        let source = ReplaySource(index: index, options: options, counters: counters, batches: batches)
        server = LocalServer(
            name: "studio serve", host: host, port: port, router: Router(), missing: "the broadcast is a WebSocket at /sub"
        ) { request in
            guard request.path?.split(separator: "?").first == "/sub" else { return nil }
            return { inbound, outbound in await Connection.serve(inbound: inbound, outbound: outbound, source: source) }
        }
    }

    /// Starts listening, and returns the address clients connect to once it does.
    /// - Throws: `LiveServerError` naming the address when it cannot listen.
    public func start(timeout: Double = 10) throws -> String {
        do {
            let port = try server.start(timeout: timeout)
            return "ws://\(host):\(port)/sub"
        } catch {
            throw LiveServerError("\(error); choose another --port, or leave it out for a free one")
        }
    }

    /// Stops listening and closes every connection.
    public func stop() { server.stop() }
}

/// What each connection replays from, and where it counts what it did.
struct ReplaySource: Sendable {
    let index: DanmakuFileIndex
    let options: LiveReplayOptions
    let counters: LiveReplayCounters
    let batches: ReplayBatches
}

/// What the server did, for its log and for tests.
public final class LiveReplayCounters: Sendable {
    private let values = Locked<[String: Int]>([:])
    func add(_ name: String, _ n: Int = 1) { values.withLock { $0[name, default: 0] += n } }
    /// Connections, authentications, batches and records sent, heartbeats answered, and the
    /// batches dropped (by `dropEvery`, or a full queue) or sent malformed.
    public subscript(_ name: String) -> Int { values.withLock { $0[name] ?? 0 } }
    /// Every count, by name.
    package var all: [String: Int] { values.value }
}

/// Why the server could not do what it was asked.
package struct LiveServerError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
