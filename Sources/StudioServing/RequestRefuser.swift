import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The child channel of `inner` with `RequestRefuser` after its HTTP decoder: Hummingbird
/// leaves a connection whose request the decoder refused (a header past its cap, bytes that
/// are not HTTP) open and unanswered until the client gives up, so the refusal is answered
/// here and the connection closed.
struct GuardedChannel: ServerChildChannel {
    /// Seconds the first request has to be whole.
    let seconds: Int64
    /// Whether the server takes a WebSocket upgrade of this request.
    let upgrades: @Sendable (HTTPRequest) -> Bool
    /// Connections open from each client address, and how many one may have.
    let tally: ClientTally
    let inner: any ServerChildChannel

    struct Value: ServerChildChannelValue {
        let inner: any ServerChildChannelValue
        var channel: any Channel { inner.channel }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if let address = channel.remoteAddress?.ipAddress {
            switch tally.admit(address, to: channel.localAddress?.ipAddress) {
            case .uncounted: break
            case .counted: channel.closeFuture.whenComplete { [tally] _ in tally.release(address) }
            case .refused:
                // The pipeline is set up before the channel is registered, so the refusal is
                // a handler that answers once the connection is active.
                let refusal = TooManyConnections(address: address, limit: tally.limit)
                do { try channel.pipeline.syncOperations.addHandler(refusal, position: .first) } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
        }
        return Self.setup(inner, seconds: seconds, upgrades: upgrades, channel: channel, logger: logger)
    }

    private static func setup<Inner: ServerChildChannel>(
        _ inner: Inner, seconds: Int64, upgrades: @escaping @Sendable (HTTPRequest) -> Bool, channel: any Channel, logger: Logger
    )
        -> EventLoopFuture<Value>
    {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(RequestRefuser(seconds: seconds, upgrades: upgrades), position: .after(decoder))
            return Value(inner: value)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await Self.handle(inner, value.inner, logger: logger)
    }

    private static func handle<Inner: ServerChildChannel>(_ inner: Inner, _ value: any ServerChildChannelValue, logger: Logger) async {
        guard let value = value as? Inner.Value else { return }
        await inner.handle(value: value, logger: logger)
    }
}

/// The connection's guard, right after the HTTP decoder: it answers a request the decoder
/// refused (431 for a header past its cap, 400 for the rest) in a sentence and closes the
/// connection, and closes one whose first request is not whole within `seconds` (a client
/// sending a byte a second). Hummingbird times out the wait between requests, but before the
/// first one is whole a WebSocket-capable connection has no timer.
///
/// A refusal after pipelined requests waits for their answers, so that it is the last answer
/// on the connection, not one that overtakes them. A first request whose WebSocket upgrade
/// the server takes takes the guard out of the pipeline, so that it never sees a WebSocket's
/// frames (only a connection's first request may upgrade).
final class RequestRefuser: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let seconds: Int64
    private let upgrades: @Sendable (HTTPRequest) -> Bool
    private var timer: Scheduled<Void>?
    /// Requests read whole, answers written whole, and whether an answer is being written.
    private var requests = 0
    private var answers = 0
    private var answering = false
    /// The refusal, once the decoder refused something; sent when the answers before it are.
    private var refusal: (status: HTTPResponseStatus, text: String)?
    private var refused = false
    /// The answer after which the connection ends: the one to a request that asked for an
    /// upgrade the server ignored.
    private var closesAfter: Int?

    init(seconds: Int64, upgrades: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.seconds = seconds
        self.upgrades = upgrades
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .seconds(seconds)) { loopBound.value.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { timer?.cancel() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // What follows a refused request is not read.
        guard refusal == nil else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            timer?.cancel()
            guard head.headers.contains(name: "upgrade") else { break }
            let first = requests == 0 && answers == 0
            if first, head.headers["upgrade"].contains(where: { $0.lowercased().contains("websocket") }) {
                if let problem = Self.handshakeProblem(head) {
                    refusal = problem
                    sendRefusalIfDue(context: context)
                    return
                }
                if upgrades(Self.request(head)) {
                    context.fireChannelRead(data)
                    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                    return
                }
            }
            // An upgrade to anything but a WebSocket, one the server does not take, or one
            // asked for after the first request, is ignored, as RFC 9110 lets a server do: the
            // request is answered as it is, by the router, which says why (Hummingbird would
            // close it with an empty 400). The decoder reads nothing after a request that asks
            // for an upgrade, so the connection closes after its answer.
            head.headers.remove(name: "upgrade")
            closesAfter = requests + 1
            context.fireChannelRead(wrapInboundOut(.head(head)))
            return
        case .end: requests += 1
        case .body: break
        }
        context.fireChannelRead(data)
    }

    /// The request as the server's upgrade decision reads it.
    static func request(_ head: HTTPRequestHead) -> HTTPRequest {
        var fields = HTTPFields()
        for (name, value) in head.headers {
            if let name = HTTPField.Name(name), name.canonicalName != "host" { fields.append(HTTPField(name: name, value: value)) }
        }
        return HTTPRequest(method: .get, scheme: nil, authority: head.headers["host"].first, path: head.uri, headerFields: fields)
    }

    /// Why a WebSocket upgrade cannot be taken (RFC 6455, 4.2.1), or nil when it can: SwiftNIO
    /// closes such a connection without a word.
    static func handshakeProblem(_ head: HTTPRequestHead) -> (status: HTTPResponseStatus, text: String)? {
        let connection = head.headers["connection"].flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" }) else {
            return (.badRequest, "a WebSocket upgrade needs Connection: Upgrade (RFC 6455)\n")
        }
        guard head.method == .GET, head.version == .http1_1 else {
            return (.badRequest, "a WebSocket upgrade is a GET in HTTP/1.1 (RFC 6455)\n")
        }
        let keys = head.headers["sec-websocket-key"]
        guard keys.count == 1, let key = Data(base64Encoded: keys[0].trimmingCharacters(in: .whitespaces)), key.count == 16 else {
            return (.badRequest, "a WebSocket upgrade needs one Sec-WebSocket-Key of 16 bytes in base64 (RFC 6455)\n")
        }
        guard head.headers["sec-websocket-version"].map({ $0.trimmingCharacters(in: .whitespaces) }) == ["13"] else {
            return (.upgradeRequired, "this server speaks WebSocket version 13 (Sec-WebSocket-Version: 13, RFC 6455)\n")
        }
        return nil
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            answering = true
            if let last = closesAfter, answers + 1 >= last {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
        case .end:
            answering = false
            answers += 1
            if let last = closesAfter, answers >= last {
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                let written = promise ?? context.eventLoop.makePromise()
                written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
                context.write(data, promise: written)
                return
            }
        case .body: break
        }
        context.write(data, promise: promise)
        sendRefusalIfDue(context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parser = error as? HTTPParserError, refusal == nil else { return context.fireErrorCaught(error) }
        refusal =
            switch parser {
            case .headerOverflow: (.requestHeaderFieldsTooLarge, "a header line is at most 8 KB, and the headers 16 KB\n")
            default: (.badRequest, "not an HTTP/1.1 request this server reads (\(parser))\n")
            }
        sendRefusalIfDue(context: context)
        // A handler that never answers the requests before it must not keep it waiting.
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .seconds(2)) { loopBound.value.close(promise: nil) }
    }

    private func sendRefusalIfDue(context: ChannelHandlerContext) {
        guard let refusal, !refused, !answering, answers >= requests else { return }
        refused = true
        var head = HTTPResponseHead(version: .http1_1, status: refusal.status)
        head.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        head.headers.add(name: "Content-Length", value: "\(refusal.text.utf8.count)")
        head.headers.add(name: "Connection", value: "close")
        if refusal.status == .upgradeRequired { head.headers.add(name: "Sec-WebSocket-Version", value: "13") }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: refusal.text)))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}

/// A connection past its client's cap: answered 503 in a sentence, with `Retry-After`, and
/// closed, its bytes read by nothing after it.
final class TooManyConnections: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let address: String
    private let limit: Int

    init(address: String, limit: Int) {
        self.address = address
        self.limit = limit
    }

    func channelActive(context: ChannelHandlerContext) {
        let text = "too many connections from \(address): a client may have \(limit) open at once; close some and try again\n"
        let head =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(text.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: head + text)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { [context] _ in context.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
