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
