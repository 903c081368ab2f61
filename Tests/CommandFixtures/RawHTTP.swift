import Foundation

/// Bytes sent to a local server over a plain TCP socket, exactly as given: for requests a
/// URL session will not make (a foreign `Host`, a header line of any length, a request left
/// unfinished), as a hostile client sends them.
package enum RawHTTP {
    /// Connects to 127.0.0.1:`port`, sends `request` and reads until the server closes (or,
    /// with `headersOnly`, until the reply's header block is whole: a WebSocket's upgrade
    /// stays open), for at most `timeout` seconds (a server that neither answers nor closes
    /// gives what came).
    package static func exchange(
        port: UInt16, _ request: String, headersOnly: Bool = false, timeout: Double = 5, from source: String? = nil
    ) throws -> String {
        let fd = try connect(port: port, from: source)
        defer { close(fd) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            reply += buffer[0..<n]
            if headersOnly, reply.count >= 4, (0...(reply.count - 4)).contains(where: { reply[$0..<$0 + 4] == [13, 10, 13, 10] }) {
                break
            }
        }
        return String(decoding: reply, as: UTF8.self)
    }

    /// A socket connected to 127.0.0.1:`port`, for the caller to use and close; from the
    /// loopback address `source` (127.0.0.2, say) when given, as another machine's client
    /// would be seen.
    package static func connect(port: UInt16, from source: String? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Failure("bind to \(source): \(reason)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure("connect to port \(port): \(reason)")
        }
        return fd
    }

    /// A socket to 127.0.0.1:`port` through a WebSocket upgrade of `path`, for the caller to
    /// send frames no client library would; it reads with a 5 s timeout.
    package static func upgrade(port: UInt16, path: String = "/sub") throws -> Int32 {
        let fd = try connect(port: port)
        var wait = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var byte: UInt8 = 0
        while !(reply.count >= 4 && Array(reply.suffix(4)) == [13, 10, 13, 10]), recv(fd, &byte, 1, 0) == 1 { reply.append(byte) }
        guard String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            close(fd)
            throw Failure("no upgrade on port \(port): \(String(decoding: reply, as: UTF8.self))")
        }
        return fd
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
