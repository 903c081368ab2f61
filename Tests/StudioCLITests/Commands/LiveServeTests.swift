import CommandFixtures
import DanmakuImport
import Foundation
import StudioTesting
import Testing

/// `studio serve` against a client no one here wrote: blivedm, the Bilibili live danmaku
/// client from PyPI, connected on loopback, reads a recording's danmaku, gifts, super chats
/// and memberships as the file holds them, through its own handshake, heartbeats and brotli.
@Suite(
    "studio serve and blivedm", .serialized,
    TestPython.unlessRefused)
struct LiveServeTests {
    static let recording = BuiltStudio.repository.appendingPathComponent("Assets/danmaku/demo-recording.xml")

    /// `studio serve` of `file` (the demo recording unless said) with `arguments`, running.
    static func server(_ arguments: [String], file: URL = recording) throws -> ServeProcess {
        try ServeProcess(studio: BuiltStudio.binary, ["--feed-file", file.path] + arguments)
    }

    /// What blivedm printed, one JSON object a line, over `seconds`. The tests give it a few
    /// seconds more than the replay takes: a loaded machine can take seconds to start Python.
    static func blivedm(_ address: String, seconds: Double) throws -> [[String: Any]] {
        let script = BuiltStudio.repository.appendingPathComponent("Tests/Tools/blivedm_client.py")
        try TestPython.require(["blivedm", "aiohttp", "brotli"])
        // Its log goes to this process's standard error, unread, so that however much it
        // writes there it never waits on a full pipe.
        let process = Process()
        let out = Pipe()
        process.executableURL = TestPython.executable
        process.arguments = [script.path, address, "\(seconds)"]
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "blivedm_client.py exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// `studio ARGUMENTS` run to its end: its status and standard error.
    static func studio(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = BuiltStudio.binary
        process.arguments = arguments
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func records() throws -> [DanmakuFileRecord] {
        let index = try DanmakuFileIndex(contentsOf: recording)
        return (0..<index.count).compactMap { index.record(at: $0) }
    }

    @Test(
        "blivedm reads the recording's danmaku, gifts, super chats and memberships as the file holds them, heartbeats answered",
        .timeLimit(.minutes(2)))
    func blivedmReadsTheRecording() throws {
        let server = try Self.server(["--speed", "60", "--seconds", "11"])
        let received = try Self.blivedm(server.address, seconds: 8)
        let (status, summary) = server.finish()
        #expect(status == 0, "\(server.stderr)")
        let records = try Self.records()
        func kind(_ k: String) -> [[String: Any]] { received.filter { $0["kind"] as? String == k } }

        let danmaku = records.compactMap { if case .danmaku(let d) = $0 { d } else { nil } }
        #expect(kind("danmaku").map { $0["text"] as? String ?? "" } == danmaku.map(\.text))
        #expect(kind("danmaku").map { $0["user"] as? String ?? "" } == danmaku.map { $0.userName ?? "" })
        #expect(kind("danmaku").map { $0["mode"] as? Int ?? 0 } == danmaku.map(\.mode.bilibiliCode))
        #expect(kind("danmaku").map { $0["color"] as? Int ?? 0 } == danmaku.map { Int($0.color) })

        let gifts = records.compactMap { if case .gift(let g) = $0 { g } else { nil } }
        #expect(
            kind("gift").map { "\($0["user"] ?? "") \($0["name"] ?? "") x\($0["num"] ?? "")" }
                == gifts.map { "\($0.userName) \($0.giftName) x\($0.count)" })
        let chats = records.compactMap { if case .superChat(let s) = $0 { s } else { nil } }
        #expect(
            kind("superChat").map { "\($0["user"] ?? ""): \($0["message"] ?? "") ¥\($0["price"] ?? "")" }
                == chats.map { "\($0.userName): \($0.message) ¥\(Int($0.priceInYuan))" })
        let guards = records.compactMap { if case .membership(let m) = $0 { m } else { nil } }
        #expect(kind("guard").map { "\($0["user"] ?? "") \($0["level"] ?? "")" } == guards.map { "\($0.userName) \($0.level.rawValue)" })
        #expect(!danmaku.isEmpty && !gifts.isEmpty && !chats.isEmpty && !guards.isEmpty, "the recording has every kind")

        #expect(kind("heartbeat").contains { $0["popularity"] as? Int == 1_000 }, "no heartbeat reply reached blivedm")
        #expect(summary.contains("sent \(records.count) records"), "\(summary)")
        #expect(summary.contains("1 connection(s)"), "\(summary)")
    }

    @Test(
        "with batches dropped and malformed, blivedm reads on past them, and the server counts both",
        .timeLimit(.minutes(2)))
    func faults() throws {
        let server = try Self.server(["--speed", "60", "--seconds", "11", "--drop-every", "4", "--malformed-rate", "0.2"])
        let received = try Self.blivedm(server.address, seconds: 8)
        let (status, summary) = server.finish()
        #expect(status == 0, "\(server.stderr)")
        let texts = received.filter { $0["kind"] as? String == "danmaku" }.compactMap { $0["text"] as? String }
        let all = try Self.records().compactMap { if case .danmaku(let d) = $0 { d.text } else { nil } }
        #expect(texts.count > all.count / 3 && texts.count < all.count, "\(texts.count) of \(all.count) danmaku arrived")
        // What arrived is the file's, in its order: a subsequence.
        var rest = all[...]
        for text in texts {
            guard let i = rest.firstIndex(of: text) else {
                Issue.record("'\(text)' arrived out of the file's order")
                break
            }
            rest = rest[(i + 1)...]
        }
        let dropped = summary.firstMatch(of: /dropped (\d+) on purpose/).flatMap { Int($0.1) } ?? 0
        let malformed = summary.firstMatch(of: /(\d+) malformed/).flatMap { Int($0.1) } ?? 0
        #expect(dropped > 0 && malformed > 0, "\(summary)")
    }

    @Test(
        "--disconnect-at closes each connection; blivedm reconnects, and the new connection replays from the start",
        .timeLimit(.minutes(2)))
    func disconnects() throws {
        // blivedm waits 1 s before it reconnects; a loaded machine can take seconds to start
        // Python: 8 s leaves room for both connections.
        let server = try Self.server(["--speed", "10", "--seconds", "10", "--disconnect-at", "1"])
        let received = try Self.blivedm(server.address, seconds: 8)
        let (status, summary) = server.finish()
        #expect(status == 0, "\(server.stderr)")
        let connections = summary.firstMatch(of: /to (\d+) connection/).flatMap { Int($0.1) } ?? 0
        let disconnects = summary.firstMatch(of: /(\d+) disconnects/).flatMap { Int($0.1) } ?? 0
        #expect(connections >= 2 && disconnects >= 1, "\(summary)")
        // The file's first danmaku arrives once per connection that lasted long enough.
        let first = try Self.records().lazy.compactMap { if case .danmaku(let d) = $0 { d.text } else { nil } }.first
        let texts = received.filter { $0["kind"] as? String == "danmaku" }.compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == first }.count >= 2, "\(texts.prefix(20))")
    }

    @Test("a port already taken is refused naming --port, with exit 1")
    func portTaken() throws {
        let first = try Self.server(["--seconds", "5"])
        let port = try #require(first.address.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let (status, text) = try Self.studio(["serve", "--feed-file", Self.recording.path, "--port", port, "--seconds", "1"])
        #expect(status == 1, "\(text)")
        #expect(text.contains("--port \(port)") && text.contains("cannot listen on 127.0.0.1"), "\(text)")
        _ = first.finish()
    }

    @Test("studio run --live plays the server's room: it connects, reads, and says what it read", .timeLimit(.minutes(2)))
    func runLive() throws {
        let server = try Self.server(["--speed", "30", "--seconds", "30"])
        let (status, text) = try Self.studio([
            "run", "--headless", "--frames", "240", "--live", server.address, "--room-id", "7", "--assets",
            BuiltStudio.repository.appendingPathComponent("Assets").path,
        ])
        server.process.terminate()
        _ = server.finish()
        #expect(status == 0, "\(text)")
        #expect(text.contains("live: connected to \(server.address), room 7"), "\(text)")
        let counts = text.firstMatch(of: /live: (\d+) WebSocket messages read, (\d+) packets in them once unpacked, (\d+) messages used/)
        let (frames, packets, used) = (
            counts.flatMap { Int($0.1) } ?? 0, counts.flatMap { Int($0.2) } ?? 0, counts.flatMap { Int($0.3) } ?? 0
        )
        // Batches hold several commands each: the packets outnumber the WebSocket messages.
        #expect(frames > 0 && packets > frames && used > 0, "\(text)")
        #expect(text.contains("0 malformed, 0 broken"), "\(text)")
    }

    @Test("--live refuses wss://, a missing --room-id, and --feed-file beside it, each in one line")
    func liveOptions() throws {
        for (arguments, words) in [
            (["--live", "wss://broadcastlv.chat.bilibili.com/sub", "--room-id", "1"], "only ws:// is spoken"),
            (["--live", "ws://127.0.0.1:9/sub"], "--live needs --room-id"),
            (["--live", "ws://127.0.0.1:9/sub", "--room-id", "1", "--feed-file", Self.recording.path], "choose one"),
            (["--room-id", "5"], "--room-id and --live-key go with --live"),
        ] {
            let (status, text) = try Self.studio(["run", "--headless", "--frames", "1"] + arguments)
            #expect(status == 64 && text.contains(words), "\(arguments): \(text)")
        }
    }

    @Test("--bind to another address warns that other machines can connect; a bad option names itself")
    func options() throws {
        let server = try Self.server(["--bind", "0.0.0.0", "--seconds", "0.5"])
        let (status, _) = server.finish()
        #expect(status == 0)
        #expect(server.stderr.contains("--bind 0.0.0.0: other machines can connect"), "\(server.stderr)")
        for (arguments, words) in [
            (["--speed", "0"], "--speed must be from 0.01"), (["--malformed-rate", "2"], "--malformed-rate must be from 0 to 1"),
        ] {
            let (status, text) = try Self.studio(["serve", "--feed-file", Self.recording.path] + arguments)
            #expect(status != 0 && text.contains(words), "\(text)")
        }
    }
}
