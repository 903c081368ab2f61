import CommandFixtures
import Foundation
import StudioServing
import StudioTesting
import Testing

/// `LocalServer`'s limits against the clients a hostile-input probe sends: header lines and
/// headers past their caps, requests that never finish, more connections than the cap.
/// Each is refused or closed within its limit, and the server goes on answering.
///
/// The server is `studio serve`, in a process of its own: run in this one, its tasks would
/// share the concurrency pool with tests that block their threads waiting for processes.
@Suite("server limits", .serialized)
struct ServerLimitTests {
    static func serve() throws -> (ServeProcess, UInt16) {
        let recording = BuiltStudio.repository.appendingPathComponent("Assets/danmaku/demo-recording.xml").path
        let server = try ServeProcess(studio: BuiltStudio.binary, ["--feed-file", recording, "--seconds", "120"])
        return (server, UInt16(try #require(server.url.port)))
    }

    /// The status line of a plain request (the server answers every path but `/sub` with 404).
    static func get(_ port: UInt16, extra: String = "", timeout: Double = 5) throws -> String {
        let reply = try RawHTTP.exchange(
            port: port, "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)Connection: close\r\n\r\n", timeout: timeout)
        return String(reply.prefix { $0 != "\r\n" })
    }

    // Each test times what it claims itself ("at once", "in linear time"); the limits only
    // stop a hang, past the minutes a loaded parallel run can keep a test waiting for a thread.
    @Test("a header line past its cap is answered 431 at once, however long it is, and the server answers on", .timeLimit(.minutes(3)))
    func longHeaders() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found")
        for size in [16 * 1024, 256 * 1024, 4 << 20] {
            let started = Date()
            let line = try Self.get(port, extra: "X-Long: \(String(repeating: "a", count: size))\r\n")
            #expect(line == "HTTP/1.1 431 Request Header Fields Too Large", "\(size) bytes: \(line)")
            #expect(Date().timeIntervalSince(started) < 2, "\(size) bytes refused in linear time")
        }
        let many = String(repeating: "X-Some: value-of-twenty\r\n", count: 1_000)
        #expect(try Self.get(port, extra: many).hasPrefix("HTTP/1.1 431"), "1,000 headers")
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found", "and it goes on answering")
    }

    @Test(
        "a request never finished is closed after 10 s; 200 of them leave the server answering at once",
        .timeLimit(.minutes(3)))
    func slowRequests() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        var slow: [Int32] = []
        defer { for fd in slow { close(fd) } }
        for _ in 0..<200 {
            let fd = try RawHTTP.connect(port: port)
            _ = Array("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            slow.append(fd)
        }
        let asked = Date()
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found")
        #expect(Date().timeIntervalSince(asked) < 0.5, "answered in \(Date().timeIntervalSince(asked)) s beside 200 slow requests")
        // One more, timed from its start: the server closes it (an empty reply) at its limit.
        let started = Date()
        let reply = try RawHTTP.exchange(port: port, "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a", timeout: 20)
        let took = Date().timeIntervalSince(started)
        #expect(reply.isEmpty, "\(reply)")
        #expect(took >= 9 && took < 15, "closed after \(took) s")
    }

    @Test("past 256 connections the listener waits, and accepts again once connections close", .timeLimit(.minutes(3)))
    func connectionCap() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        var idle: [Int32] = []
        for _ in 0..<260 { idle.append(try RawHTTP.connect(port: port)) }
        Thread.sleep(forTimeInterval: 0.5)
        // The cap is taken by idle sockets: a request waits in the backlog...
        let waiting = try Self.get(port, timeout: 1)
        #expect(waiting.isEmpty, "answered past the cap: \(waiting)")
        for fd in idle { close(fd) }
        // ...and once they close, the server accepts again.
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found")
    }

    @Test(
        "a client elsewhere may have 32 connections at once, the 33rd answered 503 with why; the server's own machine shares the cap in all",
        .timeLimit(.minutes(3)))
    func capPerClient() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        // Connected from 127.0.0.2 to 127.0.0.1, a client is seen from another address than
        // the server's, as one on another machine is.
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<32 { held.append(try RawHTTP.connect(port: port, from: "127.0.0.2")) }
        // Admitted connections are answered: the first of them proves it, then closes.
        let request = "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let past = try RawHTTP.exchange(port: port, request, from: "127.0.0.2")
        #expect(past.hasPrefix("HTTP/1.1 503 Service Unavailable"), "\(past.prefix(300))")
        #expect(past.contains("Retry-After: 1") && past.contains("too many connections from 127.0.0.2"), "\(past)")
        #expect(past.contains("32 open at once"), "\(past)")
        // Another address, and the server's own, are not that client.
        #expect(try RawHTTP.exchange(port: port, request, from: "127.0.0.3").hasPrefix("HTTP/1.1 404"))
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found")
        var own: [Int32] = []
        defer { for fd in own { close(fd) } }
        for _ in 0..<40 { own.append(try RawHTTP.connect(port: port)) }
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found", "40 idle sockets from 127.0.0.1 lock nothing out")
        // Once one of the client's connections closes, it may open another.
        close(held.removeLast())
        var again = ""
        for _ in 0..<20 where !again.hasPrefix("HTTP/1.1 404") {
            again = try RawHTTP.exchange(port: port, request, from: "127.0.0.2")
            if !again.hasPrefix("HTTP/1.1 404") { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(again.hasPrefix("HTTP/1.1 404"), "\(again.prefix(200))")
    }

    @Test("the tally counts each address apart, refuses past its limit, and forgets a client once its last connection closes")
    func tally() {
        let tally = ClientTally(limit: 2)
        #expect(tally.admit("10.0.0.5", to: "10.0.0.1") == .counted)
        #expect(tally.admit("10.0.0.5", to: "10.0.0.1") == .counted)
        #expect(tally.admit("10.0.0.5", to: "10.0.0.1") == .refused)
        #expect(tally.admit("10.0.0.6", to: "10.0.0.1") == .counted)
        #expect(tally.admit("10.0.0.1", to: "10.0.0.1") == .uncounted)
        tally.release("10.0.0.5")
        #expect(tally.admit("10.0.0.5", to: "10.0.0.1") == .counted)
        for address in ["10.0.0.5", "10.0.0.5", "10.0.0.6"] { tally.release(address) }
        #expect(tally.clients == 0)
    }

    @Test(
        "under a limit of 64 descriptors the server takes fewer connections, says so, keeps some to spare, and goes on",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "prlimit (util-linux) is not installed"),
        .timeLimit(.minutes(3)))
    func lowDescriptorLimit() throws {
        // `studio serve` with 64 descriptors, through a script that execs it under prlimit.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("prlimit-\(UUID().uuidString).sh")
        try "#!/bin/sh\nexec /usr/bin/prlimit --nofile=64 \(BuiltStudio.binary.path) \"$@\"\n".write(
            to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        defer { try? FileManager.default.removeItem(at: script) }
        let recording = BuiltStudio.repository.appendingPathComponent("Assets/danmaku/demo-recording.xml").path
        let server = try ServeProcess(studio: script, ["--feed-file", recording, "--seconds", "120"])
        defer { _ = server.stop() }
        let port = UInt16(try #require(server.url.port))
        /// The status line of a request, or what became of it and of the server.
        func status(_ what: String, timeout: Double = 5) -> String {
            do { return try Self.get(port, timeout: timeout) } catch {
                let state = server.process.isRunning ? "running" : "ended with \(server.process.terminationStatus)"
                return "\(what): \(error); the server is \(state); it said: \(server.stderr)"
            }
        }
        #expect(status("the first request") == "HTTP/1.1 404 Not Found")
        var held: [Int32] = []
        for count in 0..<100 {
            do { held.append(try RawHTTP.connect(port: port)) } catch {
                Issue.record("connection \(count + 1) of 100: \(error); it said: \(server.stderr)")
                break
            }
        }
        // Seconds in which the dispatch runtime looks at its threads through /proc: with no
        // descriptor left for that, it would end the process (as it did before the cap).
        Thread.sleep(forTimeInterval: 2.5)
        let full = status("a request with every connection taken", timeout: 1)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd"))?.count ?? 0
        for fd in held { close(fd) }
        var again = ""
        for _ in 0..<10 where again != "HTTP/1.1 404 Not Found" && server.process.isRunning {
            again = status("a request once the connections closed")
            if again != "HTTP/1.1 404 Not Found" { Thread.sleep(forTimeInterval: 1) }
        }
        try #require(server.process.isRunning, "studio serve ended with \(server.process.terminationStatus): \(server.stderr)")
        #expect(full.isEmpty, "answered past the cap: \(full)")
        #expect(open > 20 && open <= 56, "\(open) descriptors open of 64 with 100 clients waiting")
        #expect(again == "HTTP/1.1 404 Not Found", "accepting again: \(again)")
        let said = server.stderr.components(separatedBy: "so it takes ").count - 1
        #expect(said == 1 && server.stderr.contains("not 256") && server.stderr.contains("ulimit -n"), "\(server.stderr)")
        #expect(!server.stderr.contains("no file descriptor left"), "\(server.stderr)")
    }

    @Test(
        "pipelined requests are answered in order; smuggling, control characters and traversal are refused by their RFCs' rules",
        .timeLimit(.minutes(3)))
    func requestRules() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        // Two requests in one write: two answers, in order (RFC 9112, 9.3.2).
        let pipelined = try RawHTTP.exchange(
            port: port, "GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(pipelined.components(separatedBy: "HTTP/1.1 404 Not Found").count == 3, "\(pipelined)")
        // Content-Length beside Transfer-Encoding is how a request is smuggled past a proxy:
        // refused (RFC 9112, 6.1), as is a header name with a control character (RFC 9110, 5.1).
        for extra in [
            "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "X-Bad\u{1}Name: x\r\n", "X-Bad Name: x\r\n",
        ] {
            let line = try Self.get(port, extra: extra)
            #expect(line == "HTTP/1.1 400 Bad Request", "\(extra.debugDescription): \(line)")
        }
        // No route reads the file system: percent-encoded steps up are only a path not found.
        let reply = try RawHTTP.exchange(
            port: port, "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 404") && !reply.contains("root:"), "\(reply.prefix(200))")
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found", "and it goes on answering")
    }

    @Test(
        "every refusal says why in its body: a path or method not served, junk after a pipelined request, a broken WebSocket handshake",
        .timeLimit(.minutes(3)))
    func refusalsAreSentences() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        func exchange(_ request: String) throws -> (status: String, body: String) {
            let reply = try RawHTTP.exchange(port: port, request)
            let parts = reply.components(separatedBy: "\r\n\r\n")
            return (String(reply.prefix { $0 != "\r\n" }), parts.dropFirst().joined(separator: "\r\n\r\n"))
        }
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let post = try exchange("POST /sub HTTP/1.1\r\n\(host)Content-Length: 0\r\nConnection: close\r\n\r\n")
        #expect(post.status == "HTTP/1.1 404 Not Found" && post.body.contains("WebSocket at /sub"), "\(post)")
        // The first request is answered; the junk after it gets a sentence, last.
        let junk = try exchange("GET /a HTTP/1.1\r\n\(host)\r\nNOT HTTP AT ALL\r\n\r\n")
        #expect(junk.body.contains("not found") && junk.body.contains("HTTP/1.1 400 Bad Request"), "\(junk)")
        #expect(junk.body.hasSuffix("not an HTTP/1.1 request this server reads (invalid HTTP method)\n"), "\(junk.body)")
        let upgrade = "GET /sub HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\n"
        let key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        for (request, status, why) in [
            (upgrade + "Sec-WebSocket-Version: 13\r\n\r\n", "HTTP/1.1 400 Bad Request", "Sec-WebSocket-Key"),
            (upgrade + key + "Sec-WebSocket-Version: 8\r\n\r\n", "HTTP/1.1 426 Upgrade Required", "version 13"),
            (
                upgrade.replacingOccurrences(of: "Connection: Upgrade", with: "Connection: close") + key + "\r\n",
                "HTTP/1.1 400 Bad Request", "Connection: Upgrade"
            ),
        ] {
            let answer = try exchange(request)
            #expect(answer.status == status && answer.body.contains(why), "\(request.debugDescription): \(answer)")
        }
        // An upgrade to another protocol, or one asked for after the first request, is ignored:
        // the request is answered as it is, and the connection closes after it.
        let h2c = try exchange("GET /x HTTP/1.1\r\n\(host)Upgrade: h2c\r\nConnection: Upgrade\r\n\r\n")
        #expect(h2c.status == "HTTP/1.1 404 Not Found" && h2c.body.contains("not served here"), "\(h2c)")
        let started = Date()
        let late = try exchange("GET /a HTTP/1.1\r\n\(host)\r\n" + upgrade + key + "Sec-WebSocket-Version: 13\r\n\r\n")
        #expect(late.body.contains("HTTP/1.1 404 Not Found\r\n") && late.body.contains("Connection: close"), "\(late)")
        #expect(Date().timeIntervalSince(started) < 3, "closed after its answer, not at the idle timeout")
    }

    @Test(
        "5,000 connects and closes, a 256 MB body and a frame claiming 2^62 bytes leave the server's descriptors and memory where they were",
        .timeLimit(.minutes(3)))
    func churnLeavesNothing() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        let pid = server.process.processIdentifier
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found")
        Thread.sleep(forTimeInterval: 0.5)
        // A body the server has no use for, and a frame no viewer sends.
        let grown = try ProcessProbe.growthUnderHostileClients(
            pid: pid, port: port, post: "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 268435456\r\n\r\n", upgradePath: "/sub")
        #expect(grown.descriptors <= 2, "\(grown.descriptors) more descriptors")
        #expect(grown.resident < 20 << 20, "resident memory grew by \(grown.resident >> 20) MB")
        #expect(try Self.get(port) == "HTTP/1.1 404 Not Found", "and it goes on answering")
    }

    @Test("a WebSocket control frame over 125 bytes closes the connection (RFC 6455, 5.5)", .timeLimit(.minutes(3)))
    func longControlFrame() throws {
        let (server, port) = try Self.serve()
        defer { _ = server.stop() }
        let fd = try RawHTTP.upgrade(port: port)
        defer { close(fd) }
        // A masked ping with 126 bytes of payload (the 16-bit length form).
        let payload = [UInt8](repeating: 0x41, count: 126)
        let frame: [UInt8] = [0x89, 0x80 | 126, 0, 126, 0, 0, 0, 0] + payload
        _ = frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var chunk = [UInt8](repeating: 0, count: 512)
        var n = 1
        let started = Date()
        while n > 0, Date().timeIntervalSince(started) < 5 { n = recv(fd, &chunk, chunk.count, 0) }
        #expect(n == 0, "the server closed the connection (recv \(n), errno \(errno))")
    }
}
