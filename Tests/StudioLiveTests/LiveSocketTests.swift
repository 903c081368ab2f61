import Foundation
import StudioKit
import Testing

@testable import StudioLive

/// The WebSocket client against a scripted server on loopback that sends frames as a test
/// needs them, byte by byte, where `studio serve` only ever sends whole messages.
@Suite("Live WebSocket client")
struct LiveSocketTests {
    /// A one-connection server on 127.0.0.1: it answers the upgrade with `greeting` bytes
    /// after its 101, waits for `go`, sends `rest`, then reads what the client sends back
    /// for up to 5 s.
    final class ScriptedServer: Sendable {
        let port: UInt16
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        /// What the client sent, written by the server's thread before `done` is signalled.
        private let bytesReceived = Locked<[UInt8]>([])
        var received: [UInt8] { bytesReceived.value }
        private let listener: Int32

        init(greeting: [UInt8], rest: [UInt8]) throws {
            let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            listener = listening
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, size) }
            }
            try #require(bound == 0 && listen(listening, 1) == 0, "cannot listen on 127.0.0.1: errno \(errno)")
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &size) }
            }
            port = UInt16(bigEndian: address.sin_port)
            Thread.detachNewThread { [self] in
                defer { done.signal() }
                let fd = accept(listening, nil, nil)
                guard fd >= 0 else { return }
                defer { close(fd) }
                var time = timeval(tv_sec: 5, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
                // The request, up to its blank line.
                var request: [UInt8] = []
                var byte: UInt8 = 0
                while !request.ends(with: [13, 10, 13, 10]), recv(fd, &byte, 1, 0) == 1 { request.append(byte) }
                let answer =
                    Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8)
                    + greeting
                _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
                _ = go.wait(timeout: .now() + 30)
                _ = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
                var chunk = [UInt8](repeating: 0, count: 256)
                let n = recv(fd, &chunk, chunk.count, 0)
                if n > 0 { bytesReceived.withLock { $0 = Array(chunk[..<n]) } }
            }
        }

        deinit { close(listener) }
    }

    /// An unmasked server frame.
    static func frame(fin: Bool, opcode: UInt8, _ payload: String) -> [UInt8] {
        [(fin ? 0x80 : 0) | opcode, UInt8(payload.utf8.count)] + Array(payload.utf8)
    }

    @Test("a message's first fragment, read before a receive times out, is joined to the rest; a ping between them is answered")
    func fragmentsSurviveATimeout() throws {
        let server = try ScriptedServer(
            greeting: Self.frame(fin: false, opcode: 0x2, "hello "),
            rest: Self.frame(fin: false, opcode: 0x9, "p") + Self.frame(fin: true, opcode: 0x0, "world"))
        let socket = try LiveSocket(url: URL(string: "ws://127.0.0.1:\(server.port)/sub")!, timeout: 10)
        // The first fragment came with the upgrade's answer: this call reads it, then waits
        // for the rest until its deadline.
        #expect(try socket.receive(until: Date().addingTimeInterval(0.5)) == nil)
        server.go.signal()
        let message = try socket.receive(until: Date().addingTimeInterval(20))
        #expect(message.map { String(decoding: $0, as: UTF8.self) } == "hello world")
        _ = server.done.wait(timeout: .now() + 30)
        // The pong: FIN and opcode 0xA, masked, one byte of payload that unmasks to "p".
        let pong = server.received
        #expect(pong.count == 7 && pong[0] == 0x8A && pong[1] == 0x81, "\(pong)")
        if pong.count == 7 { #expect(pong[6] ^ pong[2] == UInt8(ascii: "p"), "\(pong)") }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
