import FlyingFox
import Foundation
import StudioKit

/// The DevTools' HTTP and WebSocket server: the page, the latest snapshot and the commands,
/// on 127.0.0.1 only, every request carrying the run's token (as Jupyter's server asks).
///
/// FlyingFox is the server: it speaks HTTP/1.1 and WebSocket on plain BSD sockets with
/// Swift concurrency and depends on nothing else, so it adds seconds to a cold build, where
/// Hummingbird and its SwiftNIO would add minutes; a local tool for one page needs no more.
///
/// It runs on Swift's concurrency pool, never on the loop thread: it reads snapshots from
/// and posts commands to a `DevToolsBridge`. docs/DEVTOOLS.md describes the protocol.
package final class DevToolsServer: Sendable {
    /// The secret every request must carry as `?token=`: 128 random bits, new each run.
    package let token: String
    package let bridge: DevToolsBridge
    private let server: HTTPServer
    private let requestedPort: UInt16
    /// The server's run, from `start` to `stop`.
    private let task = Locked<Task<Void, any Error>?>(nil)
    /// The port it listens on, once it does: the only one a request's Host may name.
    private let listeningPort = Locked<UInt16?>(nil)

    /// How often each open page is checked for a newer snapshot.
    static let pushInterval: Duration = .milliseconds(100)
    /// Messages a page may leave unacknowledged before it is sent no more.
    static let inFlight = 8
    /// Pushes skipped in a row (five seconds) after which a page that reads nothing is closed.
    static let stalledPushes = 50

    /// A page's `{"ack": serial}` for a message it has read.
    struct Acknowledgement: Decodable { var ack: Int }

    /// The messages sent to one page and those it acknowledged.
    final class Flow: Sendable {
        private let counts = Locked((sent: 0, acknowledged: 0))
        func sent() { counts.withLock { $0.sent += 1 } }
        func acknowledged() { counts.withLock { $0.acknowledged = min($0.acknowledged + 1, $0.sent) } }
        var unacknowledged: Int { counts.withLock { $0.sent - $0.acknowledged } }
    }

    /// A server for `bridge` on 127.0.0.1:`port` (0: a free port, chosen when it starts).
    package init(bridge: DevToolsBridge, port: UInt16 = 0, token: String = DevToolsServer.randomToken()) throws {
        self.bridge = bridge
        self.token = token
        requestedPort = port
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
    }

    /// 32 hex digits from the system's random source.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Starts listening, and returns the page's address (with the token) once it does.
    ///
    /// - Throws: `DevToolsError` naming the port when it cannot listen (taken, refused), or
    ///   when it is not listening within `timeout` seconds.
    package func start(timeout: Double = 10) throws -> URL {
        let server = self.server, bridge = self.bridge, token = self.token, listeningPort = self.listeningPort
        let ready = DispatchSemaphore(value: 0)
        let outcome = StartOutcome()
        let running = Task {
            await Self.addRoutes(to: server, bridge: bridge, gate: Gate(token: token, port: listeningPort))
            do {
                try await server.run()
            } catch {
                outcome.fail(error)
                ready.signal()
                throw error
            }
        }
        task.withLock { $0 = running }
        Task {
            do {
                try await server.waitUntilListening(timeout: timeout)
                if case .ip4(_, let port)? = await server.listeningAddress {
                    listeningPort.withLock { $0 = port }
                    outcome.listen(on: port)
                }
            } catch {
                outcome.fail(error)
            }
            ready.signal()
        }
        let waited = ready.wait(timeout: .now() + timeout + 1)
        let port = requestedPort
        guard waited == .success, let listening = outcome.port else {
            stop()
            let reason = outcome.error.map { "\($0)" } ?? "it was not listening after \(Int(timeout)) s"
            throw DevToolsError(
                "--devtools-port \(port == 0 ? "(any free port)" : "\(port)"): cannot listen on 127.0.0.1 (\(reason)); "
                    + "choose another port with --devtools-port, or leave it out for a free one")
        }
        return URL(string: "http://127.0.0.1:\(listening)/?token=\(token)")!
    }

    /// Stops listening and closes every connection.
    package func stop() {
        task.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    private static func addRoutes(to server: HTTPServer, bridge: DevToolsBridge, gate: Gate) async {
        func gated(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) -> GatedHandler {
            GatedHandler(gate: gate, inner: ClosureHTTPHandler(handler))
        }
        await server.appendRoute("GET /", to: gated { _ in Self.page() })
        await server.appendRoute("GET /snapshot", to: gated { _ in Self.snapshot(bridge) })
        await server.appendRoute("GET /events", to: gated { request in Self.events(request, bridge) })
        await server.appendRoute("GET /log.jsonl", to: gated { _ in Self.savedLog(bridge) })
        await server.appendRoute("GET /screenshot.png", to: gated { request in await Self.screenshot(request, bridge) })
        await server.appendRoute("POST /command", to: gated { request in try await Self.command(request, bridge) })
        await server.appendRoute(
            "GET /ws", to: GatedHandler(gate: gate, inner: WebSocketHTTPHandler.webSocket(MessageHandler(bridge: bridge))))
        await server.appendRoute(
            "*",
            to: gated { _ in
                HTTPResponse(statusCode: .notFound, body: Data("not found: the page is at /, with its token\n".utf8))
            })
    }

    static func page() -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: Data(DevToolsPage.html.utf8))
    }

    static func snapshot(_ bridge: DevToolsBridge) -> HTTPResponse {
        guard let snapshot = bridge.snapshot(), let json = try? JSONEncoder.devTools.encode(snapshot) else {
            return HTTPResponse(statusCode: .serviceUnavailable, body: Data("no snapshot yet: the room has not drawn a frame\n".utf8))
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: json)
    }

    /// Most log entries one reply or push carries: at 10,000 events a second a page gets
    /// the newest of each tenth of a second, and a count of the others.
    static let eventsPerReply = 300

    static func events(_ request: HTTPRequest, _ bridge: DevToolsBridge) -> HTTPResponse {
        let after = request.query["after"].flatMap { Int($0) } ?? 0
        let (entries, skipped) = bridge.logEntries(after: after, limit: eventsPerReply)
        let body = EventsReply(events: entries.map(\.record), skipped: skipped)
        guard let json = try? JSONEncoder.devTools.encode(body) else { return HTTPResponse(statusCode: .internalServerError) }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: json)
    }

    struct EventsReply: Codable {
        var events: [DevToolsLogEntry.Record]
        var skipped: Int
    }

    static func savedLog(_ bridge: DevToolsBridge) -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok,
            headers: [
                .contentType: "application/jsonl; charset=utf-8",
                HTTPHeader("Content-Disposition"): "attachment; filename=\"livestudio-log.jsonl\"",
            ],
            body: Data(bridge.savedLog().utf8))
    }

    /// A PNG of the room's next frame (`?layer=NAME`: of one layer, transparent around it),
    /// made on the loop thread and waited for here, at most 5 seconds.
    static func screenshot(_ request: HTTPRequest, _ bridge: DevToolsBridge) async -> HTTPResponse {
        var layer: LayerKind?
        if let name = request.query["layer"] {
            guard let kind = LayerKind(name: name) else {
                let names = LayerKind.allCases.map(\.name).joined(separator: ", ")
                return HTTPResponse(statusCode: .badRequest, body: Data("unknown layer '\(name)'; the layers are \(names)\n".utf8))
            }
            layer = kind
        }
        guard let id = bridge.requestScreenshot(of: layer) else {
            return HTTPResponse(statusCode: .tooManyRequests, body: Data("4 screenshots are being made; ask again\n".utf8))
        }
        for _ in 0..<250 {
            if let result = bridge.takeScreenshot(id) {
                switch result {
                case .success(let png):
                    let name = "livestudio-\(layer?.name ?? "frame").png"
                    return HTTPResponse(
                        statusCode: .ok,
                        headers: [.contentType: "image/png", HTTPHeader("Content-Disposition"): "attachment; filename=\"\(name)\""],
                        body: Data(png))
                case .failure(let error):
                    return HTTPResponse(statusCode: .internalServerError, body: Data("\(error)\n".utf8))
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return HTTPResponse(statusCode: .serviceUnavailable, body: Data("the room drew no frame within 5 s\n".utf8))
    }

    static func command(_ request: HTTPRequest, _ bridge: DevToolsBridge) async throws -> HTTPResponse {
        let body = try await request.bodyData
        guard let command = try? JSONDecoder().decode(DevToolsCommand.self, from: body) else {
            return HTTPResponse(
                statusCode: .badRequest,
                body: Data("not a command: expected JSON like {\"command\":\"select\",\"path\":[1,0],\"name\":\"danmaku\"}\n".utf8))
        }
        guard bridge.post(command) else {
            return HTTPResponse(
                statusCode: .tooManyRequests, body: Data("the room has \(DevToolsBridge.commandLimit) commands waiting; send again\n".utf8))
        }
        return HTTPResponse(statusCode: .accepted, body: Data("queued\n".utf8))
    }

    /// Each page's WebSocket: a snapshot whenever there is a newer one, and the page's
    /// commands in.
    struct MessageHandler: WSMessageHandler {
        let bridge: DevToolsBridge

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            let bridge = self.bridge
            // A page that stops reading must not grow the studio's memory, and the server
            // library queues whatever it is given: so a page acknowledges each message
            // (`{"ack": serial}`), at most `inFlight` wait unacknowledged, and a page that
            // acknowledges nothing for five seconds is closed, with a note.
            let flow = Flow()
            return AsyncStream { continuation in
                let push = Task {
                    var sent = 0
                    var logged = 0
                    var waited = 0
                    while !Task.isCancelled {
                        if flow.unacknowledged >= DevToolsServer.inFlight {
                            waited += 1
                            if waited >= DevToolsServer.stalledPushes {
                                FileHandle.standardError.write(
                                    Data(
                                        "DevTools: a page read nothing for 5 s; its connection is closed (reload the page to reconnect)\n"
                                            .utf8))
                                continuation.finish()
                                return
                            }
                        } else if var snapshot = bridge.snapshot(), snapshot.serial != sent {
                            // A newer snapshot, with the log's entries since the last push;
                            // the entries are made text here, off the loop's thread.
                            waited = 0
                            let (entries, skipped) = bridge.logEntries(after: logged, limit: DevToolsServer.eventsPerReply)
                            logged = entries.last?.serial ?? logged + skipped
                            snapshot.events = entries.map(\.record)
                            snapshot.eventsSkipped = skipped
                            if let json = try? JSONEncoder.devTools.encode(snapshot) {
                                sent = snapshot.serial
                                flow.sent()
                                continuation.yield(.text(String(decoding: json, as: UTF8.self)))
                            }
                        }
                        try? await Task.sleep(for: DevToolsServer.pushInterval)
                    }
                }
                let receive = Task {
                    for await message in client {
                        guard case .text(let text) = message else { continue }
                        if (try? JSONDecoder().decode(Acknowledgement.self, from: Data(text.utf8))) != nil {
                            flow.acknowledged()
                        } else if let command = try? JSONDecoder().decode(DevToolsCommand.self, from: Data(text.utf8)) {
                            _ = bridge.post(command)
                        }
                    }
                    push.cancel()
                    continuation.finish()
                }
                continuation.onTermination = { _ in
                    push.cancel()
                    receive.cancel()
                }
            }
        }
    }
}

/// What every request must show before a handler sees it, the WebSocket's upgrade included.
///
/// - Its Host is the server's own address (`127.0.0.1`, `localhost` or `[::1]`, with the
///   port it listens on). A page of another site that a DNS name rebinds to 127.0.0.1
///   still names that site in its Host: refusing it, as Jupyter's server and Chrome's
///   DevTools protocol do, keeps such a page out even if it learned the token.
/// - It carries the run's token.
/// - A browser's request names its page in Origin: only the DevTools page itself may ask.
struct Gate: Sendable {
    let token: String
    let port: Locked<UInt16?>

    /// Nil when `request` may go on; else the refusal.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        let host = request.headers[.host]
        guard let port = port.value, Self.isOwn(host: host, port: port) else {
            return HTTPResponse(
                statusCode: .forbidden,
                body: Data(
                    "forbidden: a request for \(host.map { "Host \($0)" } ?? "no Host"); DevTools answers only 127.0.0.1, localhost and [::1] at its own port\n"
                        .utf8))
        }
        guard request.query["token"] == token else {
            return HTTPResponse(
                statusCode: .forbidden,
                body: Data("forbidden: this request has no token or a wrong one; open the address `studio run --devtools` printed\n".utf8))
        }
        if let origin = request.headers[HTTPHeader("Origin")], let host, origin != "http://\(host)" {
            return HTTPResponse(
                statusCode: .forbidden, body: Data("forbidden: a request from \(origin); only the DevTools page may ask\n".utf8))
        }
        return nil
    }

    /// Whether `host` (a Host header) names this machine's loopback at `port`.
    static func isOwn(host: String?, port: UInt16) -> Bool {
        guard let host else { return false }
        return ["127.0.0.1", "localhost", "[::1]"].contains { host.lowercased() == "\($0):\(port)" }
    }
}

/// A route's handler behind the gate.
struct GatedHandler: HTTPHandler {
    let gate: Gate
    let inner: any HTTPHandler

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let refusal = gate.refusal(of: request) { return refusal }
        return try await inner.handleRequest(request)
    }
}

/// Whether the server started, and on which port: written by its tasks, read after.
private final class StartOutcome: Sendable {
    private let listening = Locked<UInt16?>(nil)
    private let failure = Locked<(any Error)?>(nil)

    func listen(on port: UInt16) { listening.withLock { $0 = port } }
    func fail(_ error: any Error) { failure.withLock { if $0 == nil { $0 = error } } }
    var port: UInt16? { listening.value }
    var error: (any Error)? { failure.withLock { $0 } }
}

/// Why DevTools could not start, naming the flag and the fix.
package struct DevToolsError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension JSONEncoder {
    /// Sorted keys: the same snapshot is the same text.
    static var devTools: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
