import Foundation
import StudioKit

#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client connection (RFC 6455) on a blocking socket, for the live feed's own
/// thread: connect and upgrade, send binary messages (masked, as a client must), and
/// receive whole messages with a timeout, answering pings.
///
/// Written here because the feed reads on a thread of its own, blocking with deadlines, and
/// Foundation's `URLSessionWebSocketTask` needs a libcurl built with WebSocket support
/// (Debian's is not); Hummingbird's client is asynchronous, on SwiftNIO's event loops.
/// Plain `ws://` only: the platform's servers take it on their `ws_port` (2244), and
/// `studio serve` speaks nothing else. The server's `Sec-WebSocket-Accept` is not checked
/// against the key (that needs SHA-1, which nothing here provides); the status line and the
/// `Upgrade` header are.
final class LiveSocket {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The fragments of a message whose last frame has not come yet (kept across a
    /// `receive` that timed out between them).
    private var partial: [UInt8] = []
    private var generator = SystemRandomNumberGenerator()

    /// Connects to `url` (`ws://host:port/path`) and upgrades, within `timeout` seconds.
    init(url: URL, timeout: Double) throws(LiveConnectionError) {
        guard url.scheme == "ws" else {
            throw .refused(
                "\(url.absoluteString): only ws:// is spoken (the platform's servers take it on port 2244: ws://HOST:2244/sub)")
        }
        guard let host = url.host, !host.isEmpty else { throw .refused("\(url.absoluteString): no host") }
        let port = url.port ?? 80
        fd = try Self.connect(host: host, port: port, timeout: timeout)
        do {
            try handshake(host: host, port: port, path: url.path.isEmpty ? "/" : url.path, timeout: timeout)
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit { Glibc.close(fd) }

    private static func connect(host: String, port: Int, timeout: Double) throws(LiveConnectionError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, "\(port)", &hints, &list)
        guard status == 0, let first = list else {
            throw .unreachable("\(host):\(port): the name does not resolve (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            Self.setTimeout(fd, timeout)
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return fd
            }
            reason = String(cString: strerror(errno))
            Glibc.close(fd)
        }
        throw .unreachable("\(host):\(port): \(reason)")
    }

    private static func setTimeout(_ fd: Int32, _ seconds: Double) {
        let whole = seconds.isFinite ? min(max(0, seconds), 86_400) : 86_400
        var time = timeval(tv_sec: Int(clamping: whole), tv_usec: Int(clamping: (whole - whole.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    private func handshake(host: String, port: Int, path: String, timeout: Double) throws(LiveConnectionError) {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nUser-Agent: LiveStudio\r\n\r\n"
        try write(Array(request.utf8))
        let deadline = Date().addingTimeInterval(timeout)
        var end: Int?
        while end == nil {
            guard buffer.count < 16 << 10 else { throw .refused("the server's answer to the upgrade has no end") }
            guard try fill(until: deadline) else { throw .timedOut("the server did not answer the WebSocket upgrade") }
            end = buffer.indices.dropFirst(3).first {
                buffer[$0 - 3] == 13 && buffer[$0 - 2] == 10 && buffer[$0 - 1] == 13 && buffer[$0] == 10
            }
        }
        let head = String(decoding: buffer[...end!], as: UTF8.self)
        buffer.removeFirst(end! + 1)
        let lines = head.split(separator: "\r\n")
        guard let status = lines.first, status.split(separator: " ").dropFirst().first == "101" else {
            throw .refused("the server refused the WebSocket upgrade: \(lines.first ?? "no status line")")
        }
        guard lines.contains(where: { $0.lowercased().hasPrefix("upgrade:") && $0.lowercased().contains("websocket") }) else {
            throw .refused("the server's 101 answer does not upgrade to websocket")
        }
    }

    /// Sends `bytes` as one binary message.
    func send(_ bytes: [UInt8]) throws(LiveConnectionError) {
        var frame: [UInt8] = [0x82]
        switch bytes.count {
        case ..<126: frame.append(0x80 | UInt8(bytes.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(bytes.count >> 8), UInt8(truncatingIfNeeded: bytes.count)]
        default:
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: bytes.count >> shift)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        frame += mask
        frame += bytes.enumerated().map { $1 ^ mask[$0 & 3] }
        try write(frame)
    }

    /// The next whole message's payload (binary or text), or nil when none is complete by
    /// `deadline`. Pings are answered; a close, or the connection's end, throws `.closed`.
    func receive(until deadline: Date) throws(LiveConnectionError) -> [UInt8]? {
        while true {
            guard let (fin, opcode, payload) = try frame(until: deadline) else { return nil }
            switch opcode {
            case 0x9: try sendControl(0xA, payload)
            case 0xA: continue
            case 0x8:
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
                throw .closed("the server closed the connection (code \(code))")
            default:
                partial += payload
                guard partial.count <= LivePacket.maximumLength else {
                    throw .refused("a message is longer than \(LivePacket.maximumLength) bytes")
                }
                if fin {
                    defer { partial = [] }
                    return partial
                }
            }
        }
    }

    private func sendControl(_ opcode: UInt8, _ payload: [UInt8]) throws(LiveConnectionError) {
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try write(
            [0x80 | opcode, 0x80 | UInt8(min(payload.count, 125))] + mask + payload.prefix(125).enumerated().map { $1 ^ mask[$0 & 3] })
    }

    /// One frame, read whole, or nil if it has not all arrived by `deadline` (what did
    /// arrive stays buffered for the next call).
    private func frame(until deadline: Date) throws(LiveConnectionError) -> (Bool, UInt8, [UInt8])? {
        while true {
            if let parsed = try parseFrame() { return parsed }
            guard try fill(until: deadline) else { return nil }
        }
    }

    private func parseFrame() throws(LiveConnectionError) -> (Bool, UInt8, [UInt8])? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7F), offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            let wide = buffer[2..<10].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard wide <= UInt64(LivePacket.maximumLength) else { throw .refused("a frame of \(wide) bytes is over the limit") }
            length = Int(wide)
            offset = 10
        }
        let masked = buffer[1] & 0x80 != 0
        let mask = masked ? Array(buffer.dropFirst(offset).prefix(4)) : []
        if masked { offset += 4 }
        guard buffer.count >= offset + length else { return nil }
        var payload = Array(buffer[offset..<offset + length])
        if masked, mask.count == 4 { for i in payload.indices { payload[i] ^= mask[i & 3] } }
        let fin = buffer[0] & 0x80 != 0, opcode = buffer[0] & 0x0F
        buffer.removeFirst(offset + length)
        return (fin, opcode, payload)
    }

    /// Reads what has arrived into the buffer, waiting until `deadline`; false when nothing
    /// came in time.
    private func fill(until deadline: Date) throws(LiveConnectionError) -> Bool {
        let wait = deadline.timeIntervalSinceNow
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(clamping: Int(clamping: (wait.isFinite ? min(max(0, wait), 3_600) : 3_600) * 1000)))
        guard ready > 0 else {
            if ready < 0, errno != EINTR { throw .closed("the connection failed: \(String(cString: strerror(errno)))") }
            return false
        }
        // Received straight onto the end of the buffer: no chunk allocated per read.
        let room = 64 << 10, start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: room))
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + start, room, 0) }
        buffer.removeLast(room - max(0, n))
        guard n > 0 else {
            throw .closed(n == 0 ? "the server ended the connection" : "the connection failed: \(String(cString: strerror(errno)))")
        }
        return true
    }

    private func write(_ bytes: [UInt8]) throws(LiveConnectionError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw .closed("a send failed: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }
}

/// Why a live connection could not be made or kept.
public enum LiveConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address does not resolve or nothing listens there.
    case unreachable(String)
    /// The server answered, but not as the protocol wants (or the URL cannot be used).
    case refused(String)
    /// Nothing came in time.
    case timedOut(String)
    /// The connection ended.
    case closed(String)

    public var description: String {
        switch self {
        case .unreachable(let s), .refused(let s), .timedOut(let s), .closed(let s): s
        }
    }
}
