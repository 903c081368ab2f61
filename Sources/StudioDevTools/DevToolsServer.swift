import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import StudioKit
import StudioServing

/// The DevTools' HTTP and WebSocket server: the page, the latest snapshot and the commands,
/// on 127.0.0.1 only, every request carrying the run's token (as Jupyter's server asks).
///
/// Hummingbird is the server (`LocalServer`, on SwiftNIO's HTTP parser), with its limits:
/// header lines and headers capped as they arrive, a request not whole within seconds
/// closed, connections capped, a command's body and a page's message capped at
/// `maxCommandBytes`. A page never needs more.
///
/// It runs on Swift's concurrency pool, never on the loop thread: it reads snapshots from
/// and posts commands to a `DevToolsBridge`. docs/DEVTOOLS.md describes the protocol.
package final class DevToolsServer: Sendable {
    /// The secret every request must carry as `?token=`: 128 random bits, new each run.
    package let token: String
    package let bridge: DevToolsBridge
    private let server: LocalServer
    private let requestedPort: UInt16
    /// The server's run, from `start` to `stop`.
    private let task = Locked<Task<Void, any Error>?>(nil)
    /// The port it listens on, once it does: the only one a request's Host may name.
    private let listeningPort: Locked<UInt16?>

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
        let listeningPort = Locked<UInt16?>(nil)
        self.listeningPort = listeningPort
        let gate = Gate(token: token, port: listeningPort)
        server = LocalServer(
            name: "DevTools", host: "127.0.0.1", port: port, router: Self.router(bridge: bridge, gate: gate),
            missing: "the page is at /, with its token"
        ) { request in
            // Refused here, the upgrade is answered by the router's `/ws` route, which says why.
            guard request.path?.split(separator: "?").first == "/ws",
                gate.refusal(host: request.authority, origin: request.headerFields[.origin], query: request.path) == nil
            else { return nil }
            return { inbound, outbound in await Self.serve(page: inbound, outbound, bridge: bridge) }
        }
    }

    /// The most bytes of a command, in a POST's body or a page's WebSocket message: the
    /// largest command, an option edit, is a few hundred.
    static let maxCommandBytes = 64 * 1024

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
        let port = requestedPort
        do {
            let listening = try server.start(timeout: timeout)
            listeningPort.withLock { $0 = listening }
            return URL(string: "http://127.0.0.1:\(listening)/?token=\(token)")!
        } catch {
            throw DevToolsError(
                "--devtools-port \(port == 0 ? "(any free port)" : "\(port)"): \(error); "
                    + "choose another port with --devtools-port, or leave it out for a free one")
        }
    }

    /// Stops listening and closes every connection.
    package func stop() { server.stop() }

    /// The routes, behind the gate: every request passes it first, those for a path or method
    /// no route serves included. A HEAD is answered as its GET, without the body (RFC 9110).
    private static func router(bridge: DevToolsBridge, gate: Gate) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: gate)
        router.get("/") { _, _ in Self.page() }
        router.get("/snapshot") { _, _ in Self.snapshot(bridge) }
        router.get("/events") { request, _ in Self.events(request, bridge) }
        router.get("/log.jsonl") { _, _ in Self.savedLog(bridge) }
        router.get("/screenshot.png") { request, _ in await Self.screenshot(request, bridge) }
        router.post("/command") { request, _ in try await Self.command(request, bridge) }
        // Reached only when the upgrade was refused or not asked for.
        router.get("/ws") { _, _ in Self.text(.badRequest, "this is the page's WebSocket: ask for an upgrade\n") }
        return router
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func data(
        _ status: HTTPResponse.Status, _ type: String, _ bytes: some Sequence<UInt8>, headers extra: HTTPFields = [:]
    )
        -> Response
    {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func page() -> Response {
        data(.ok, "text/html; charset=utf-8", DevToolsPage.html.utf8, headers: [.cacheControl: "no-store"])
    }

    static func snapshot(_ bridge: DevToolsBridge) -> Response {
        guard let snapshot = bridge.snapshot(), let json = try? JSONEncoder.devTools.encode(snapshot) else {
            return text(.serviceUnavailable, "no snapshot yet: the room has not drawn a frame\n")
        }
        return data(.ok, "application/json", json)
    }

    /// Most log entries one reply or push carries: at 10,000 events a second a page gets
    /// the newest of each tenth of a second, and a count of the others.
    static let eventsPerReply = 300

    static func events(_ request: Request, _ bridge: DevToolsBridge) -> Response {
        let after = request.uri.queryParameters["after"].flatMap { Int($0) } ?? 0
        let (entries, skipped) = bridge.logEntries(after: after, limit: eventsPerReply)
        let body = EventsReply(events: entries.map(\.record), skipped: skipped)
        guard let json = try? JSONEncoder.devTools.encode(body) else { return text(.internalServerError, "the log could not be written\n") }
        return data(.ok, "application/json", json)
    }

    struct EventsReply: Codable {
        var events: [DevToolsLogEntry.Record]
        var skipped: Int
    }

    static func savedLog(_ bridge: DevToolsBridge) -> Response {
        data(
            .ok, "application/jsonl; charset=utf-8", bridge.savedLog().utf8,
            headers: [.contentDisposition: "attachment; filename=\"livestudio-log.jsonl\""])
    }

    /// A PNG of the room's next frame (`?layer=NAME`: of one layer, transparent around it),
    /// made on the loop thread and waited for here, at most 5 seconds.
    static func screenshot(_ request: Request, _ bridge: DevToolsBridge) async -> Response {
        var layer: LayerKind?
        if let name = request.uri.queryParameters["layer"].map(String.init) {
            guard let kind = LayerKind(name: name) else {
                let names = LayerKind.allCases.map(\.name).joined(separator: ", ")
                return text(.badRequest, "unknown layer '\(name)'; the layers are \(names)\n")
            }
            layer = kind
        }
        guard let id = bridge.requestScreenshot(of: layer) else {
            return text(.tooManyRequests, "4 screenshots are being made; ask again\n")
        }
        for _ in 0..<250 {
            if let result = bridge.takeScreenshot(id) {
                switch result {
                case .success(let png):
                    let name = "livestudio-\(layer?.name ?? "frame").png"
                    return data(.ok, "image/png", png, headers: [.contentDisposition: "attachment; filename=\"\(name)\""])
                case .failure(let error):
                    return text(.internalServerError, "\(error)\n")
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return text(.serviceUnavailable, "the room drew no frame within 5 s\n")
    }

    static func command(_ request: Request, _ bridge: DevToolsBridge) async throws -> Response {
        // Read up to the cap and no further: a larger body is refused before it is held.
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxCommandBytes)
        } catch {
            return text(.contentTooLarge, "a command is at most \(maxCommandBytes / 1024) KB\n")
        }
        guard let command = try? JSONDecoder().decode(DevToolsCommand.self, from: Data(body.readableBytesView)) else {
            return text(.badRequest, "not a command: expected JSON like {\"command\":\"select\",\"path\":[1,0],\"name\":\"danmaku\"}\n")
        }
        guard bridge.post(command) else {
            return text(.tooManyRequests, "the room has \(DevToolsBridge.commandLimit) commands waiting; send again\n")
        }
        return text(.accepted, "queued\n")
    }

    /// Each page's WebSocket: a snapshot whenever there is a newer one, and the page's
    /// commands in.
    ///
    /// A page that stops reading must not grow the studio's memory: a page acknowledges each
    /// message (`{"ack": serial}`), at most `inFlight` wait unacknowledged, and a page that
    /// acknowledges nothing for five seconds is closed, with a note.
    static func serve(page inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, bridge: DevToolsBridge) async {
        let flow = Flow()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var sent = 0
                var logged = 0
                var waited = 0
                while !Task.isCancelled {
                    if flow.unacknowledged >= DevToolsServer.inFlight {
                        waited += 1
                        if waited >= DevToolsServer.stalledPushes {
                            FileHandle.standardError.write(
                                Data(
                                    "DevTools: a page read nothing for 5 s; its connection is closed (reload the page to reconnect)\n".utf8)
                            )
                            return
                        }
                    } else if var snapshot = bridge.snapshot(), snapshot.serial != sent {
                        // A newer snapshot, with the log's entries since the last push; the
                        // entries are made text here, off the loop's thread.
                        waited = 0
                        let (entries, skipped) = bridge.logEntries(after: logged, limit: DevToolsServer.eventsPerReply)
                        logged = entries.last?.serial ?? logged + skipped
                        snapshot.events = entries.map(\.record)
                        snapshot.eventsSkipped = skipped
                        if let json = try? JSONEncoder.devTools.encode(snapshot) {
                            sent = snapshot.serial
                            flow.sent()
                            do { try await outbound.write(.text(String(decoding: json, as: UTF8.self))) } catch { return }
                        }
                    }
                    try? await Task.sleep(for: DevToolsServer.pushInterval)
                }
            }
            group.addTask {
                // A message past the cap ends the connection (the decoder closes it with 1009).
                guard let messages = try? await Self.collect(inbound, flow: flow, bridge: bridge) else { return }
                _ = messages
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// The page's messages: acknowledgements and commands, each at most `maxCommandBytes`.
    private static func collect(_ inbound: WebSocketInboundStream, flow: Flow, bridge: DevToolsBridge) async throws {
        for try await message in inbound.messages(maxSize: maxCommandBytes) {
            guard case .text(let text) = message, text.utf8.count <= maxCommandBytes else { continue }
            if (try? JSONDecoder().decode(Acknowledgement.self, from: Data(text.utf8))) != nil {
                flow.acknowledged()
            } else if let command = try? JSONDecoder().decode(DevToolsCommand.self, from: Data(text.utf8)) {
                _ = bridge.post(command)
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
struct Gate: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String
    let port: Locked<UInt16?>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = refusal(host: request.head.authority, origin: request.headers[.origin], query: request.uri.description) {
            return refusal
        }
        return try await next(request, context)
    }

    /// Nil when a request for `host` (its Host, or its HTTP/2-style authority), from the page
    /// `origin` names, with the path and query `target`, may go on; else the refusal.
    func refusal(host: String?, origin: String?, query target: String?) -> Response? {
        guard let port = port.value, Self.isOwn(host: host, port: port) else {
            return DevToolsServer.text(
                .forbidden,
                "forbidden: a request for \(host.map { "Host \($0)" } ?? "no Host"); "
                    + "DevTools answers only 127.0.0.1, localhost and [::1] at its own port\n")
        }
        guard Self.token(in: target) == token else {
            return DevToolsServer.text(
                .forbidden, "forbidden: this request has no token or a wrong one; open the address `studio run --devtools` printed\n")
        }
        if let origin, let host, origin != "http://\(host)" {
            return DevToolsServer.text(.forbidden, "forbidden: a request from \(origin); only the DevTools page may ask\n")
        }
        return nil
    }

    /// Whether `host` (a Host header) names this machine's loopback at `port`.
    static func isOwn(host: String?, port: UInt16) -> Bool {
        guard let host else { return false }
        return ["127.0.0.1", "localhost", "[::1]"].contains { host.lowercased() == "\($0):\(port)" }
    }

    /// The `token` parameter of a request target's query (`/snapshot?token=T&after=3`).
    static func token(in target: String?) -> String? {
        guard let query = target?.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("token=") { return String(pair.dropFirst(6)) }
        return nil
    }
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
