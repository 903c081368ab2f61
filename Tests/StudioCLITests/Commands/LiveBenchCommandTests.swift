import CommandFixtures
import DanmakuImport
import Foundation
import StudioTesting
import Testing

/// `studio bench --live-clients N` and `--live`: a broadcast server in the studio's process
/// replays a burst on the live danmaku protocol; protocol clients alone, or a room, read it.
/// The numbers are the bench's business; these tests check that what is reported went
/// through, and that the flags are refused where they mean nothing.
@Suite("the live bench", .serialized)
struct LiveBenchCommandTests {
    @Test(
        "--live-clients reads the burst with every client: each one's messages and lag, the server's records, the memory",
        .timeLimit(.minutes(2)))
    func clients() throws {
        let r = try StudioProcess.run(["bench", "--live-clients", "3", "--live-rate", "500", "--seconds", "3", "--json"])
        try #require(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let clients = try #require(report["clients"] as? [[String: Any]])
        #expect(clients.count == 3)
        let sent = report["recordsSent"] as? Int ?? 0
        // 500 danmaku a second and their gifts for about 3 s, to each of three clients.
        #expect(sent > 3 * 500, "\(report)")
        for c in clients {
            #expect(c["failure"] == nil, "\(c)")
            let messages = c["messages"] as? Int ?? 0
            let lag = try #require(c["lag"] as? [String: Any])
            // Every danmaku carries the time it was due, so each one's lag is measured; the
            // burst has a gift for every ten danmaku.
            let danmaku = lag["count"] as? Int ?? 0
            #expect(danmaku > 500 && messages > danmaku + danmaku / 20, "\(c)")
            #expect((lag["p50"] as? Double ?? -1) >= 0 && (lag["max"] as? Double ?? 99) < 10, "\(lag)")
        }
        #expect((report["residentEndBytes"] as? Int ?? 0) > 0)
    }

    @Test(
        "--live-url points the clients at another server, here studio serve; --keep-file keeps the burst it was given",
        .timeLimit(.minutes(2)))
    func external() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let burst = folder.appendingPathComponent("burst.xml")
        let kept = try StudioProcess.run([
            "bench", "--live-clients", "1", "--live-rate", "200", "--seconds", "1", "--keep-file", burst.path, "--json",
        ])
        try #require(kept.status == 0, "\(kept.stderr)")
        // 200 danmaku a second for the burst's minute, and a gift for every ten.
        var records = 0
        _ = try DanmakuFileReader.read(contentsOf: burst) { _ in records += 1 }
        #expect(records == 12_000 + 1_200 + 12)
        let server = try LiveServeTests.server(["--loop", "--seconds", "8"], file: burst)
        let r = try StudioProcess.run(["bench", "--live-clients", "2", "--seconds", "3", "--live-url", server.address, "--json"])
        _ = server.finish()
        try #require(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(report["server"] as? String == server.address && report["recordsSent"] == nil)
        let clients = try #require(report["clients"] as? [[String: Any]])
        #expect(clients.count == 2)
        for c in clients {
            let lag = try #require(c["lag"] as? [String: Any])
            #expect((lag["count"] as? Int ?? 0) > 200 && c["failure"] == nil, "\(c)")
        }
    }

    @Test("--live feeds a paced room from the server: what the server sent, the room read", .timeLimit(.minutes(2)))
    func room() throws {
        let r = try StudioProcess.run([
            "bench", "--live", "--live-rate", "300", "--paced", "--frames", "60", "--warm-up", "30", "--top", "0", "--json",
        ])
        try #require(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let live = try #require(report["live"] as? [String: Any], "no live section: \(r.stdout.prefix(400))")
        let sent = live["recordsSent"] as? Int ?? 0, read = live["messagesRead"] as? Int ?? 0
        #expect(sent > 100 && read >= sent * 9 / 10, "\(live)")
        let danmaku = try #require(report["danmaku"] as? [String: Any])
        #expect((danmaku["received"] as? Int ?? 0) > 100, "the room's danmaku came from the server: \(danmaku)")
    }

    @Test("--live and --live-clients are refused, naming themselves, where they mean nothing")
    func refused() throws {
        for (arguments, words) in [
            (["--live"], ["--live", "--window", "--paced"]),
            (["--live", "--paced", "--scene", "danmaku"], ["--live", "--scene room"]),
            (["--live", "--paced", "--feed-file", "x.xml"], ["--live", "--feed-file"]),
            (["--live-clients", "2", "--window"], ["--live-clients", "--window"]),
            (["--live-clients", "2", "--live"], ["--live", "--live-clients"]),
            (["--live-clients", "0"], ["live-clients"]),
            (["--live", "--paced", "--live-rate", "0"], ["live-rate"]),
            (["--live-url", "ws://127.0.0.1:1/sub"], ["--live-url", "--live-clients"]),
            (["--live-clients", "2", "--live-url", "http://x/sub"], ["--live-url", "ws://"]),
            (["--live-clients", "2", "--live-url", "ws://127.0.0.1:1/sub", "--keep-file", "/tmp/x.xml"], ["--keep-file", "--live-url"]),
        ] {
            let r = try StudioProcess.run(["bench"] + arguments)
            #expect(r.status != 0, "\(arguments) was accepted")
            for word in words { #expect(r.stderr.contains(word), "\(arguments): \(r.stderr)") }
        }
    }
}
