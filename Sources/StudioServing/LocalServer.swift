import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import StudioFoundation

/// What a LiveStudio server lets one client send and hold, checked as the bytes arrive.
///
/// The HTTP parser is SwiftNIO's, which reads a request in linear time and refuses a header
/// past its cap the moment it grows past it; the WebSocket decoder refuses a frame whose
/// header claims more than `maxFrame` before reading its payload.
package struct ServerLimits: Sendable {
    /// Bytes of one header line, and of all of a request's header lines.
    package var maxHeaderLine = 8 * 1024
    package var maxHeaders = 16 * 1024
    package var maxHeaderCount = 100
    /// Seconds a connection has to send its first whole request, and may then stay idle
    /// between requests: a client that sends a byte a second is closed when they pass.
    package var idleSeconds: Int64 = 10
    /// Connections open at once, in all. Past it the listener stops accepting until one
    /// closes, so a flood of idle sockets waits in the backlog instead of taking every
    /// descriptor. (The servers listen on loopback by default, where every client has the
    /// same address, so a cap per address would be the same cap.) Under a low descriptor
    /// limit the server takes fewer; see `LocalServer.connectionCap`.
    package var maxConnections = 256
    /// Connections open at once from one client address, past which one is answered 503.
    /// Clients on the server's own machine share `maxConnections` alone (see `ClientTally`).
    package var maxConnectionsPerClient = 32
    /// Descriptors the server leaves free under its process's limit, however many clients
    /// wait: the process itself needs some to go on. Swift's dispatch runtime on Linux opens
    /// `/proc/<thread>/stat` each second to watch its worker threads, and ends the process
    /// when that open fails; the feed, the log and a backtrace need theirs too.
    package var spareDescriptors = 32
    /// Bytes of one WebSocket frame a client may send.
    package var maxFrame = 64 * 1024

    package init() {}
}

/// A Hummingbird application on one address, run on Swift's concurrency pool from `start`
/// until `stop`, for the two servers (DevTools and `studio serve`) that a command starts and
/// stops around its own work.
///
/// SwiftNIO's listener survives running out of descriptors: it stops accepting for a moment
/// and tries again, so connections are taken again once descriptors free.
package final class LocalServer: Sendable {
    /// Answers a WebSocket upgrade: `nil` refuses it (the request is then answered by the router).
    package typealias Upgrade =
        @Sendable (HTTPRequest) -> (
            @Sendable (WebSocketInboundStream, WebSocketOutboundWriter) async -> Void
        )?

    private let host: String
    private let port: UInt16
    private let limits: ServerLimits
    private let responder: SentencedResponder
    private let upgrade: Upgrade
    private let name: String
    private let warn: @Sendable (String) -> Void
    private let task = Locked<Task<Void, Never>?>(nil)
    private let watch = Locked<Task<Void, Never>?>(nil)

    /// A server called `name` in its warnings ("DevTools", "studio serve"), which go to `warn`.
    /// A request for a path or method `router` does not serve is answered 404 with `missing`
    /// (where the server's own pages are).
    package init(
        name: String, host: String, port: UInt16, limits: ServerLimits = ServerLimits(), router: Router<BasicRequestContext>,
        missing: String,
        warn: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("studio: warning: " + $0 + "\n").utf8)) },
        upgrade: @escaping Upgrade
    ) {
        self.name = name
        self.warn = warn
        self.host = host
        self.port = port
        self.limits = limits
        responder = SentencedResponder(inner: router.buildResponder(), missing: missing)
        self.upgrade = upgrade
    }

    /// Starts listening, and returns the port once it does.
    /// - Throws: `LocalServerError` with the system's reason when it cannot listen, or it is
    ///   not listening within `timeout` seconds.
    package func start(timeout: Double = 10) throws(LocalServerError) -> UInt16 {
        let ready = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<UInt16, LocalServerError>?>(nil)
        let limits = self.limits, upgrade = self.upgrade
        var quiet = Logger(label: "livestudio.server")
        quiet.logLevel = .critical
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(limits.idleSeconds),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.maxHeaderLine, maxHeaderListSize: limits.maxHeaders,
                maxHeaderFieldCount: limits.maxHeaderCount))
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: http1, ws: .init(maxFrameSize: limits.maxFrame, autoPing: .disabled))
        let tally = ClientTally(limit: limits.maxConnectionsPerClient)
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                seconds: limits.idleSeconds, upgrades: { upgrade($0) != nil }, tally: tally,
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: configuration) { request, _, _ in
                    guard let handler = upgrade(request) else { return .dontUpgrade }
                    return .upgrade([:]) { inbound, outbound, _ in await handler(inbound, outbound) }
                })
        }
        let connections = CappedConnections(limits.maxConnections)
        let name = self.name, warn = self.warn
        let app = Application(
            responder: responder, server: server,
            configuration: .init(
                address: .hostname(host, port: Int(port)), serverName: nil,
                availableConnectionsDelegate: connections),
            onServerRunning: { channel in
                // Counted now, with the event loops' and the listener's descriptors open:
                // no connection is accepted before this runs.
                let cap = Self.connectionCap(limits)
                connections.cap.withLock { $0 = cap.connections }
                if cap.connections < limits.maxConnections {
                    warn(
                        "\(name): the process may open \(cap.limit) descriptors and has \(cap.open) open, so it takes "
                            + "\(cap.connections) connections at once, not \(limits.maxConnections), keeping "
                            + "\(limits.spareDescriptors) to spare (raise the limit with ulimit -n)")
                }
                let port = UInt16(clamping: channel.localAddress?.port ?? 0)
                outcome.withLock { if $0 == nil { $0 = .success(port) } }
                ready.signal()
            },
            logger: quiet)
        let host = self.host
        let running = Task {
            do {
                // The command that started it handles signals; the server only stops when told.
                try await app.runService(gracefulShutdownSignals: [])
            } catch {
                outcome.withLock { if $0 == nil { $0 = .failure(LocalServerError("cannot listen on \(host) (\(error))")) } }
                ready.signal()
            }
        }
        task.withLock { $0 = running }
        watch.withLock { $0 = Self.watchDescriptors(name: name, warn: warn) }
        _ = ready.wait(timeout: .now() + timeout)
        switch outcome.value {
        case .success(let port)?: return port
        case .failure(let error)?:
            stop()
            throw error
        case nil:
            stop()
            throw LocalServerError("cannot listen on \(host) (not listening after \(timeout.formatted()) s)")
        }
    }

    /// Stops listening and closes every connection.
    package func stop() {
        for running in [task, watch] {
            running.withLock { task in
                task?.cancel()
                task = nil
            }
        }
    }

    /// The connections the server takes at once: `limits.maxConnections`, or fewer when the
    /// process's descriptor limit would leave less than `limits.spareDescriptors` free with
    /// every connection open. The soft limit is first raised to the hard one, as servers do,
    /// since the soft default (often 1,024) is a guard for old `select` users, not a budget.
    /// Descriptors opened later (a video, a recording) come out of the spare ones.
    static func connectionCap(_ limits: ServerLimits) -> (connections: Int, limit: Int, open: Int) {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        if getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        // Listing the folder takes a descriptor of its own, which is not counted.
        let open = max(0, ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 0) - 1)
        let allowed = Int(clamping: limit.rlim_cur == rlim_t.max ? UInt64(Int.max) : UInt64(limit.rlim_cur))
        let room = allowed - open - limits.spareDescriptors
        return (max(1, min(limits.maxConnections, room)), allowed, open)
    }

    /// Says once, each time it happens, that the process is about out of descriptors: the
    /// listener then waits (SwiftNIO backs off its accepts), which a user would otherwise
    /// see only as connections that hang.
    private static func watchDescriptors(name: String, warn: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        Task.detached(priority: .background) {
            // Asking for one more descriptor is the one test that needs none to spare (listing
            // /proc/self/fd needs one itself). Warned, it waits for ten seconds of plenty
            // before it may warn again, so a listener at its limit is not a stream of lines.
            var quietSeconds: Int?
            while !Task.isCancelled {
                let probe = dup(STDERR_FILENO)
                let out = probe < 0 && (errno == EMFILE || errno == ENFILE)
                if probe >= 0 { close(probe) }
                if out, quietSeconds == nil {
                    var limit = rlimit()
                    _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
                    warn(
                        "\(name): the process has no file descriptor left (its limit is \(limit.rlim_cur)); new connections wait "
                            + "until some close (raise the limit with ulimit -n)")
                    quietSeconds = 0
                } else if let quiet = quietSeconds {
                    quietSeconds = out ? 0 : (quiet >= 10 ? nil : quiet + 1)
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}

/// The router's answers, with the refusals Hummingbird sends with an empty body (a path or
/// method no route serves, a handler's thrown `HTTPError`) said in a sentence instead.
struct SentencedResponder: HTTPResponder {
    let inner: RouterResponder<BasicRequestContext>
    let missing: String

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let response = try await inner.respond(to: request, context: context)
        // A HEAD's answer has no body (RFC 9110), whatever its status.
        guard response.status.code >= 400, response.body.contentLength == 0, request.method != .head else { return response }
        let text =
            response.status == .notFound
            ? "not found: \(request.method) \(request.uri.path) is not served here; \(missing)\n"
            : "\(response.status.code) \(response.status.reasonPhrase): the request was refused\n"
        var headers = response.headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.contentLength] = nil
        return Response(status: response.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Why a server could not listen.
package struct LocalServerError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Hummingbird's cap on open connections, with the cap set once the server runs (see
/// `LocalServer.connectionCap`): the listener's handler holds a copy made before then, and
/// reads the cap through the box they share.
struct CappedConnections: AvailableConnectionsDelegate {
    let cap: Locked<Int>
    private var open = 0

    init(_ cap: Int) { self.cap = Locked(cap) }

    mutating func connectionOpened() { open += 1 }
    mutating func connectionClosed() { open -= 1 }
    func isAcceptingNewConnections() -> Bool { open < cap.value }
}
