import Foundation
import Glibc
import StudioAppCore
import StudioDevTools
import StudioKit
import StudioSDL

/// A DevTools server over a headless room, as `studio run --headless --devtools` makes them,
/// started once for the pass: the room draws a frame every 1/60 s on a thread of its own,
/// and each fuzzed connection is sent to the server over a real socket.
final class DevToolsRig: Sendable {
    let server: DevToolsServer
    let bridge: DevToolsBridge
    let port: UInt16
    /// Fixed, so that a saved input replays alike; the server checks it as any token.
    static let token = "f00dfacecafebeef0123456789abcdef"
    private let stopped = Locked(false)

    init(assets: URL) throws {
        let bridge = DevToolsBridge()
        self.bridge = bridge
        server = try DevToolsServer(bridge: bridge, token: Self.token)
        let stopped = self.stopped
        let failed = Locked<String?>(nil)
        Thread.detachNewThread {
            do {
                let fonts = try FontLibrary()
                var options = StudioApp.Options(assets: assets)
                options.lockstep = true
                let clock = ManualClock()
                let app = try StudioApp(options: options, backend: ScriptedBackend(measurer: TTFTextMeasurer(fonts: fonts)), clock: clock)
                let overlay = DevToolsOverlay(bridge: bridge)
                overlay.screenshot = { list, transparent in
                    let target = try OffscreenTarget(fonts: fonts, assetsDirectory: assets.path, background: transparent ? .clear : .black)
                    try target.render(list)
                    return try target.pngData()
                }
                app.driver.overlays.append(overlay)
                defer { app.driver.shutdown() }
                while !stopped.value {
                    clock.advance(by: app.driver.loop.step)
                    try app.driver.runFrame()
                    usleep(16_000)
                }
            } catch {
                failed.withLock { $0 = "\(error)" }
            }
        }
        let url = try server.start()
        port = UInt16(url.port ?? 0)
        for _ in 0..<500 where bridge.snapshot() == nil && failed.value == nil { usleep(20_000) }
        if let failure = failed.value ?? (bridge.snapshot() == nil ? "the room drew no frame within 10 s" : nil) {
            stop()
            throw FuzzUsageError("the DevTools fuzzing room could not run: \(failure)")
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        server.stop()
    }

    /// What the server answered `bytes` sent on one new connection: read until it closes,
    /// until it has been quiet for `quiet` seconds after answering, or `limit` seconds in all,
    /// at most `maxBytes`. Nil when no connection could be made.
    func exchange(_ bytes: [UInt8], quiet: Double = 0.06, limit: Double = 1.5, maxBytes: Int = 16 << 20) -> [UInt8]? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        // Written whole, unless the server closes first (a request past a cap).
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            at += n
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let start = Date()
        while answer.count < maxBytes {
            let left = limit - Date().timeIntervalSince(start)
            guard left > 0 else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = answer.isEmpty ? left : min(left, quiet)
            guard poll(&poller, 1, Int32(wait * 1000)) > 0 else { break }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer += buffer[..<n]
        }
        return answer
    }
}

/// A server's answers on one connection, read back: each response's status and body, and
/// after a `101` the server's WebSocket frames.
struct DevToolsAnswers {
    var responses: [(status: Int, body: [UInt8])] = []
    var frames: [(opcode: UInt8, payload: [UInt8])] = []

    /// `head`: the first request was a HEAD, whose answer has no body whatever its length says.
    init(_ bytes: [UInt8], head: Bool = false) {
        var at = 0
        while at < bytes.count, let end = bytes[at...].firstRange(of: Array("\r\n\r\n".utf8)) {
            let lines = String(decoding: bytes[at..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else { return }
            let length =
                lines.dropFirst().compactMap { line -> Int? in
                    let pair = line.split(separator: ":", maxSplits: 1)
                    return pair.count == 2 && pair[0].lowercased() == "content-length"
                        ? Int(pair[1].trimmingCharacters(in: .whitespaces)) : nil
                }.first ?? 0
            let bodyEnd = head && responses.isEmpty ? end.upperBound : min(bytes.count, end.upperBound + length)
            responses.append((status, Array(bytes[end.upperBound..<bodyEnd])))
            at = bodyEnd
            if status == 101 {
                while at < bytes.count, let n = DevToolsTraffic.frameLength(bytes, at: at), at + n <= bytes.count,
                    let f = DevToolsTraffic.payload(of: Array(bytes[at..<at + n]))
                {
                    frames.append((f.opcode, f.payload))
                    at += n
                }
                return
            }
        }
    }
}

extension FuzzTargets {
    /// A connection to the DevTools server as a browser or a script makes one. The oracles:
    /// the server keeps answering its own page; no answer is a server error; nothing is
    /// answered with success or upgraded unless the request named the server's own Host and
    /// carried the token; what it refuses it says in a sentence; a snapshot stays within its
    /// bound; and no input grows the process by more than a capped request could.
    func checkDevTools(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let rig = devTools else { return .finding(.falseSuccess, "the DevTools server did not start: \(devToolsFailure)") }
        let sent = DevToolsTraffic(bytes).filled(token: DevToolsRig.token, port: rig.port)
        let residentBefore = Self.residentBytes()
        guard let answer = rig.exchange(sent) else { return .finding(.falseSuccess, "no connection to the DevTools server could be made") }
        // A HEAD's answers have no body to judge (RFC 9110), and SwiftNIO sends none to a
        // CONNECT either, whatever the status.
        let isHead = sent.starts(with: Array("HEAD ".utf8)) || sent.starts(with: Array("CONNECT ".utf8))
        let answers = DevToolsAnswers(answer, head: isHead)
        let own = ["127.0.0.1", "localhost", "[::1]"].map { Array("\($0):\(rig.port)".utf8) }
        let carriesToken = sent.firstRange(of: Array("token=\(DevToolsRig.token)".utf8)) != nil
        // A host name is the same in any case (RFC 9110, 4.2.3: LOCALHOST is localhost).
        let lowered = sent.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let namesOwnHost = own.contains { lowered.firstRange(of: $0) != nil }
        for (status, body) in answers.responses {
            let text = String(decoding: body.prefix(400), as: UTF8.self)
            if status >= 500 { return .finding(.falseSuccess, "answered \(status): \(text)") }
            if (200..<300).contains(status) || status == 101, !(carriesToken && namesOwnHost) {
                return .finding(
                    .falseSuccess, "answered \(status) to a connection \(carriesToken ? "without its own Host" : "without the token")")
            }
            if status >= 400, !isHead, case .finding(let kind, let detail) = Self.judge(text) {
                return .finding(kind, "answer \(status): \(detail)")
            }
        }
        for frame in answers.frames where frame.opcode == 0x1 && frame.payload.count > DevToolsRig.maxSnapshotBytes {
            return .finding(.falseSuccess, "a pushed snapshot is \(frame.payload.count) bytes, past \(DevToolsRig.maxSnapshotBytes)")
        }
        // Still answering its page, and not grown by the input.
        let check = Array("GET /snapshot?token=\(DevToolsRig.token) HTTP/1.1\r\nHost: 127.0.0.1:\(rig.port)\r\n\r\n".utf8)
        let after = DevToolsAnswers(rig.exchange(check, limit: 3) ?? [])
        guard let snapshot = after.responses.first, snapshot.status == 200 else {
            return .finding(.hang, "after the input the server no longer answers GET /snapshot (\(after.responses.first?.status ?? 0))")
        }
        if snapshot.body.count > DevToolsRig.maxSnapshotBytes {
            return .finding(
                .falseSuccess, "the snapshot is \(snapshot.body.count) bytes after the input, past \(DevToolsRig.maxSnapshotBytes)")
        }
        let grown = Self.residentBytes() - residentBefore
        if grown > DevToolsRig.maxGrowth {
            return .finding(.falseSuccess, "resident memory grew by \(grown >> 20) MB on one connection")
        }
        if answers.responses.contains(where: { (200..<300).contains($0.status) || $0.status == 101 }) {
            ran += 1
            return .accepted
        }
        if let refused = answers.responses.first {
            return .rejected("\(refused.status): \(String(decoding: refused.body.prefix(200), as: UTF8.self))")
        }
        return .rejected("the server closed the connection or waited for more without answering")
    }

    /// This process's resident memory, from /proc.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension DevToolsRig {
    /// The largest snapshot a room of the shipped kinds makes, with room to spare: a bigger
    /// one means something kept what a request sent (the replies are bounded in bytes).
    static let maxSnapshotBytes = 4 << 20
    /// More than any capped request can make the server hold (a 64 KB command, 16 KB of
    /// headers, a few snapshots in flight).
    static let maxGrowth = 48 << 20
}
