import DanmakuImport
import FlyingFox
import Foundation
import StudioKit

/// A broadcast server on the live-broadcast danmaku protocol that replays a danmaku file or
/// recording: a client connects to `ws://HOST:PORT/sub`, authenticates (operation 7), and
/// is sent the file's records at their times (at `options.speed`), batched as brotli bodies
/// (version 3) as the platform's servers send them, and answers its heartbeats (operation 2)
/// with the popularity count. Each connection replays from the start of the file, with its
/// own bounded queue.
///
/// It uses FlyingFox, as the DevTools' server does, on 127.0.0.1 unless told otherwise.
public final class LiveReplayServer: Sendable {
    public let index: DanmakuFileIndex
    public let options: LiveReplayOptions
    package let counters = LiveReplayCounters()
    let batches: ReplayBatches
    private let server: HTTPServer
    private let host: String
    /// The server's run, from `start` to `stop`.
    private let task = Locked<Task<Void, Never>?>(nil)

    /// A server for the records of `index` on `host`:`port` (0: a free port).
    public init(index: DanmakuFileIndex, options: LiveReplayOptions, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.index = index
        self.options = options
        batches = ReplayBatches(index: index)
        self.host = host
        server = HTTPServer(address: try .inet(ip4: host, port: port), logger: .disabled)
    }

    /// Starts listening, and returns the address clients connect to once it does.
    /// - Throws: `LiveServerError` naming the address when it cannot listen.
    public func start(timeout: Double = 10) throws -> String {
        let server = self.server, handler = Connection.Handler(server: self)
        let ready = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let running = Task {
            await server.appendRoute("GET /sub", to: WebSocketHTTPHandler(handler: handler))
            do { try await server.run() } catch {
                outcome.set(.failure(error))
                ready.signal()
            }
        }
        task.withLock { $0 = running }
        Task {
            do {
                try await server.waitUntilListening(timeout: timeout)
                if case .ip4(_, let port)? = await server.listeningAddress { outcome.set(.success(port)) }
            } catch {
                outcome.set(.failure(error))
            }
            ready.signal()
        }
        _ = ready.wait(timeout: .now() + timeout + 1)
        guard case .success(let port)? = outcome.value else {
            stop()
            let reason = outcome.value.flatMap { if case .failure(let e) = $0 { "\(e)" } else { nil } } ?? "not listening in time"
            throw LiveServerError("cannot listen on \(host) (\(reason)); choose another --port, or leave it out for a free one")
        }
        return "ws://\(host):\(port)/sub"
    }

    /// Stops listening and closes every connection.
    public func stop() {
        task.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    final class Outcome: Sendable {
        private let result = Locked<Result<UInt16, any Error>?>(nil)
        func set(_ r: Result<UInt16, any Error>) { result.withLock { if $0 == nil { $0 = r } } }
        var value: Result<UInt16, any Error>? { result.withLock { $0 } }
    }
}

/// What the server did, for its log and for tests.
public final class LiveReplayCounters: Sendable {
    private let values = Locked<[String: Int]>([:])
    func add(_ name: String, _ n: Int = 1) { values.withLock { $0[name, default: 0] += n } }
    /// Connections, authentications, batches and records sent, heartbeats answered, and the
    /// batches dropped (by `dropEvery`, or a full queue) or sent malformed.
    public subscript(_ name: String) -> Int { values.withLock { $0[name] ?? 0 } }
}

/// Why the server could not do what it was asked.
package struct LiveServerError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
