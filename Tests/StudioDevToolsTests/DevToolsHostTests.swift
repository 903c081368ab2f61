import CommandFixtures
import Foundation
import Testing

/// The DevTools server answers only requests addressed to itself: a page of another site
/// that DNS rebinding points at 127.0.0.1 still names its own host in `Host`, and is
/// refused on every route and on the WebSocket, with the token or without.
@Suite("DevTools refuses a foreign Host")
struct DevToolsHostTests {
    static let upgrade =
        "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"

    @Test(
        "a foreign or missing Host gets 403 on every route, token or not; the server's own names are answered",
        // Seconds alone; the limit is for a hang, past the minutes a loaded parallel run can
        // keep a test waiting for a thread.
        .timeLimit(.minutes(3)))
    func hosts() throws {
        // The server runs in a studio of its own: in this process it would share the
        // concurrency pool with tests that block their threads waiting for processes.
        let session = try DevToolsPageTests.Session(frames: 1200)
        let url = try #require(session.url, "no `DevTools: http://…` line on standard output")
        let port = try #require(url.port.map(UInt16.init))
        let token =
            "token=" + (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? "")
        func status(_ path: String, host: String?, extra: String = "", method: String = "GET") throws -> String {
            let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
            let request =
                "\(method) \(path) HTTP/1.1\r\n\(hostLine)\(extra)Content-Length: 0\r\n"
                + (extra.contains("Connection:") ? "" : "Connection: close\r\n") + "\r\n"
            let reply = try RawHTTP.exchange(port: port, request, headersOnly: true)
            return String(reply.prefix { $0 != "\r\n" })
        }
        for host in ["evil.com", "evil.com:\(port)", "127.0.0.1:1", "localhost.evil.com:\(port)", nil] {
            for (path, extra, method) in [
                ("/?\(token)", "", "GET"), ("/snapshot?\(token)", "", "GET"), ("/command?\(token)", "", "POST"),
                ("/ws?\(token)", Self.upgrade, "GET"), ("/nowhere", "", "GET"), ("/", "", "GET"),
            ] {
                // The WebSocket's upgrade too: refused before it, it is answered as a request.
                let line = try status(path, host: host, extra: extra, method: method)
                #expect(line == "HTTP/1.1 403 Forbidden", "\(method) \(path) Host \(host ?? "none"): \(line)")
            }
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            let page = try status("/?\(token)", host: host)
            #expect(page == "HTTP/1.1 200 OK", "Host \(host): \(page)")
            let socket = try status("/ws?\(token)", host: host, extra: Self.upgrade)
            #expect(socket == "HTTP/1.1 101 Switching Protocols", "Host \(host): \(socket)")
        }
        // The server's own Host with a foreign page as Origin: the page is refused.
        let foreignPage = try status("/?\(token)", host: "127.0.0.1:\(port)", extra: "Origin: http://evil.com\r\n")
        #expect(foreignPage == "HTTP/1.1 403 Forbidden")
    }

    @Test(
        "5,000 connects and closes, a 256 MB command and a frame claiming 2^62 bytes leave the server's descriptors and memory where they were",
        .timeLimit(.minutes(3)))
    func churnLeavesNothing() throws {
        let session = try DevToolsPageTests.Session(frames: 10_800)
        let url = try #require(session.url, "no `DevTools: http://…` line on standard output")
        let port = try #require(url.port.map(UInt16.init))
        let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? ""
        let pid = session.process.processIdentifier
        func snapshot() throws -> String {
            let reply = try RawHTTP.exchange(
                port: port, "GET /snapshot?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
                headersOnly: true)
            return String(reply.prefix { $0 != "\r\n" })
        }
        #expect(try snapshot() == "HTTP/1.1 200 OK")
        Thread.sleep(forTimeInterval: 1)
        let grown = try ProcessProbe.growthUnderHostileClients(
            pid: pid, port: port,
            post: "POST /command?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 268435456\r\n\r\n",
            upgradePath: "/ws?token=\(token)")
        // The room's font library keeps a few font files open as text is drawn (at most its
        // cache's capacity): a few more descriptors may be the room's, never one per client.
        #expect(grown.descriptors <= 8, "\(grown.descriptors) more descriptors")
        #expect(grown.resident < 20 << 20, "resident memory grew by \(grown.resident >> 20) MB")
        #expect(try snapshot() == "HTTP/1.1 200 OK", "and it goes on answering")
    }
}
