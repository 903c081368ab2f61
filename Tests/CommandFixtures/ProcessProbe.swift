import Foundation

/// Another process's descriptors and memory, read from /proc, for tests that check a server
/// keeps neither after its clients leave.
package enum ProcessProbe {
    /// Open descriptors of `pid`.
    package static func descriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// Resident memory of `pid` in bytes (VmRSS).
    package static func resident(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }

    /// What a hostile-input probe sends a server on 127.0.0.1:`port`, then how far the process
    /// `pid` grew in descriptors and resident bytes, a moment after: 5,000 connects and
    /// closes; a `post` request (its head, ending in a blank line) claiming 256 MB with 64 MB of
    /// them sent as fast as the server reads; and on a WebSocket upgraded at `upgradePath` a
    /// frame claiming 2^62 bytes, with 1 MB of them.
    package static func growthUnderHostileClients(
        pid: Int32, port: UInt16, post: String, upgradePath: String
    ) throws -> (descriptors: Int, resident: Int) {
        let descriptors = descriptors(pid), resident = resident(pid)
        for _ in 0..<5000 { close(try RawHTTP.connect(port: port)) }
        let body = try RawHTTP.connect(port: port)
        send(body, Array(post.utf8))
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        for _ in 0..<64 { send(body, chunk) }
        close(body)
        let frame = try RawHTTP.upgrade(port: port, path: upgradePath)
        send(frame, [0x82, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4] + chunk)
        close(frame)
        Thread.sleep(forTimeInterval: 1.5)
        return (self.descriptors(pid) - descriptors, self.resident(pid) - resident)
    }

    /// Sends `bytes` on `fd` as far as the peer reads them (it may close first), without SIGPIPE.
    package static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            at += n
        }
    }
}
