import CommandFixtures
import DanmakuImport
import Foundation
import StudioTesting
import Testing

@testable import StudioLive

/// LiveStudio's client against its own replay server, on loopback, both ways through the
/// faults.
@Suite("Live client and replay server", .serialized)
struct LiveClientTests {
    static let recording: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("Assets/danmaku/demo-recording.xml")
    }()

    /// The `studio` binary beside the test runner (`swift build` makes it; make test does).
    static var studio: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("studio").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("studio")
    }

    /// `studio serve` replaying the demo recording at 60 times its speed (unless `arguments`
    /// say otherwise), and its address.
    static func serve(_ arguments: [String] = []) throws -> (ServeProcess, URL) {
        let server = try ServeProcess(studio: studio, ["--feed-file", recording.path, "--speed", "60", "--seconds", "60"] + arguments)
        return (server, server.url)
    }

    /// Everything `client` reads until `seconds` pass or `enough` holds.
    static func drain(
        _ client: LiveClient, seconds: Double, until enough: ([LiveMessage]) -> Bool = { _ in false }
    ) throws
        -> [LiveMessage]
    {
        let end = Date().addingTimeInterval(seconds)
        var all: [LiveMessage] = []
        while Date() < end, !enough(all) { all += try client.read(until: end) }
        return all
    }

    /// A record without what only a file knows (its time and place, the file's own ids), to
    /// compare with what came over the wire.
    static func wire(_ record: DanmakuFileRecord) -> String {
        switch record {
        case .danmaku(let d): "danmaku \(d.userName ?? "") \(d.mode.bilibiliCode) \(d.size) \(d.color) \(d.text)"
        case .gift(let g): "gift \(g.userName) \(g.giftName) x\(g.count) ¥\(g.unitPriceInYuan ?? 0)"
        case .superChat(let s): "superChat \(s.userName) ¥\(s.priceInYuan) \(s.pinnedSeconds) s \(s.message)"
        case .membership(let m): "membership \(m.userName) \(m.level) x\(m.count) ¥\(m.priceInYuan ?? 0)"
        }
    }

    @Test(
        "the client reads every record of the recording, in order, then the stream's end; heartbeat replies carry the popularity"
    )
    func readsEverything() throws {
        let (server, url) = try Self.serve()
        let client = try LiveClient(url: url, roomID: 110, heartbeatInterval: 0.5)
        let index = try DanmakuFileIndex(contentsOf: Self.recording)
        let expected = (0..<index.count).compactMap { index.record(at: $0) }.map(Self.wire)
        let read = try Self.drain(client, seconds: 15) { $0.contains(.preparing) }
        let records = read.compactMap { if case .record(let r) = $0 { Self.wire(r) } else { nil } }
        #expect(records == expected)
        // The end of the file is the end of the stream: PREPARING, after the last record.
        let commands = read.filter { if case .popularity = $0 { false } else { true } }
        #expect(commands.last == .preparing && !commands.contains(.live))
        #expect(read.contains(.popularity(1_000)))
        #expect(client.counters.broken == 0 && client.counters.malformed == 0, "\(client.counters)")
        #expect(server.stop().contains("to 1 connection(s)"))
    }

    @Test("a looping replay ends the stream at the end of the file and starts it again before the next pass")
    func loopsAreStreamsAgain() throws {
        // The demo recording lasts three minutes: at 120 times its speed, a pass takes 1.5 s.
        let (server, url) = try Self.serve(["--loop", "--speed", "120"])
        let client = try LiveClient(url: url, roomID: 7)
        let index = try DanmakuFileIndex(contentsOf: Self.recording)
        let read = try Self.drain(client, seconds: 10) { $0.contains(.live) && $0.filter { $0 == .preparing }.count >= 2 }
        let states = read.filter { $0 == .live || $0 == .preparing }
        #expect(Array(states.prefix(3)) == [.preparing, .live, .preparing], "\(states)")
        // Between the end and the new start come no records; a whole pass follows the start.
        let first = try #require(read.firstIndex(of: .preparing)), live = try #require(read.firstIndex(of: .live))
        #expect(!read[first..<live].contains { if case .record = $0 { true } else { false } })
        let second = try #require(read[live...].firstIndex(of: .preparing))
        #expect(read[live..<second].filter { if case .record = $0 { true } else { false } }.count == index.count)
        #expect(server.stop().contains("live state changes"))
    }

    @Test("a looping replay has no gap between passes: the next pass's first record follows the last at the file's own spacing")
    func loopsWithoutAGap() throws {
        // The demo recording's records run from 2.69 s to 179.98 s; at 20 times its speed the
        // file's mean spacing is about 21 ms, and its lead-in and the old extra second were 185 ms.
        let (server, url) = try Self.serve(["--loop", "--speed", "20"])
        defer { _ = server.stop() }
        let client = try LiveClient(url: url, roomID: 7)
        var lastOfPass: Date?, gap: Double?
        let end = Date().addingTimeInterval(20)
        while Date() < end, gap == nil {
            for message in try client.read(until: end) {
                if case .record = message, lastOfPass == nil { continue }
                if case .record = message, let last = lastOfPass {
                    gap = Date().timeIntervalSince(last)
                    break
                }
                if message == .preparing { lastOfPass = Date() }
            }
        }
        let measured = try #require(gap, "no second pass within 20 s")
        // Records batch by 0.1 s of the file (5 ms here); the next batch is due one spacing on.
        #expect(measured < 0.12, "\(measured) s from the end of a pass to the next pass's first record")
    }

    @Test("malformed batches are counted and skipped whole; the client reads on")
    func malformed() throws {
        // The whole file goes out in 1.5 s, well within the client's 4.
        let (server, url) = try Self.serve(["--malformed-rate", "0.3", "--speed", "120"])
        let client = try LiveClient(url: url, roomID: 1)
        let read = try Self.drain(client, seconds: 4)
        let records = read.filter { if case .record = $0 { true } else { false } }
        let summary = server.stop()
        let malformed = summary.firstMatch(of: /(\d+) malformed/).flatMap { Int($0.1) }
        #expect(client.counters.broken == malformed, "\(client.counters) \(summary)")
        #expect(client.counters.broken > 0 && !records.isEmpty)
        #expect(client.counters.firstProblems.first?.contains("cut short") == true, "\(client.counters.firstProblems)")
    }

    @Test("a server that disconnects ends the read with .closed; one that never answers times out")
    func connectionFaults() throws {
        let (server, url) = try Self.serve(["--disconnect-at", "0.5"])
        defer { _ = server.stop() }
        let client = try LiveClient(url: url, roomID: 1)
        #expect(throws: LiveConnectionError.self) { _ = try Self.drain(client, seconds: 5) }

        // A TCP listener that accepts and never speaks.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, size) } }
        listen(silent, 1)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(silent, $0, &size) }
        }
        let port = UInt16(bigEndian: address.sin_port)
        let started = Date()
        #expect(throws: LiveConnectionError.timedOut("the server did not answer the WebSocket upgrade")) {
            _ = try LiveClient(url: URL(string: "ws://127.0.0.1:\(port)/sub")!, roomID: 1, timeout: 0.5)
        }
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test("a client that never reads fills its own queue only: batches are dropped and the server's memory stays flat")
    func clientThatNeverReads() throws {
        let (server, url) = try Self.serve(["--speed", "1000", "--loop"])
        let client = try LiveClient(url: url, roomID: 1)
        func resident() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
            return status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) } ?? 0
        }
        Thread.sleep(forTimeInterval: 3)
        let settled = resident()
        Thread.sleep(forTimeInterval: 6)
        let later = resident()
        let summary = server.stop()
        withExtendedLifetime(client) {}
        let dropped = summary.firstMatch(of: /(\d+) by a full queue/).flatMap { Int($0.1) } ?? 0
        #expect(dropped > 100, "\(summary)")
        #expect(settled > 0 && later - settled < 4_096, "resident \(settled) kB, 6 s later \(later) kB")
    }

    @Test("an address nothing listens on, a wss:// address and a bad host are refused with the address")
    func badAddresses() {
        #expect(throws: LiveConnectionError.self) { _ = try LiveClient(url: URL(string: "ws://127.0.0.1:1/sub")!, roomID: 1) }
        do {
            _ = try LiveClient(url: URL(string: "wss://broadcastlv.chat.bilibili.com/sub")!, roomID: 1)
            Issue.record("wss:// was not refused")
        } catch {
            #expect("\(error)".contains("only ws:// is spoken"), "\(error)")
        }
        do {
            _ = try LiveClient(url: URL(string: "ws://no-such-host.invalid:2244/sub")!, roomID: 1)
            Issue.record("a bad host was not refused")
        } catch {
            #expect("\(error)".contains("no-such-host.invalid:2244"), "\(error)")
        }
    }

    @Test("a server that takes the authentication and then goes silent is dropped after two heartbeats' time")
    func silentAfterAuthentication() throws {
        let reply = LivePacket(operation: .authenticateReply, json: #"{"code":0}"#, version: .client).bytes
        let server = try LiveSocketTests.ScriptedServer(greeting: [0x82, UInt8(reply.count)] + reply, rest: [])
        defer { server.go.signal() }
        let client = try LiveClient(url: URL(string: "ws://127.0.0.1:\(server.port)/sub")!, roomID: 1, heartbeatInterval: 0.5)
        let started = Date()
        do {
            _ = try Self.drain(client, seconds: 10)
            Issue.record("a silent connection was read for 10 s")
        } catch {
            #expect("\(error)".contains("nothing arrived for 1 s, two heartbeats' time"), "\(error)")
        }
        let took = Date().timeIntervalSince(started)
        #expect(took >= 0.9 && took < 3, "dropped after \(took) s")
    }

    @Test("commands of unknown names are counted under at most 32 names of 64 bytes; the rest are counted unnamed")
    func unknownNamesBounded() {
        var counters = LiveClient.Counters()
        for i in 0..<10_000 { counters.countUnknown(String(repeating: "x", count: 1_000) + "\(i)") }
        for i in 0..<40 { counters.countUnknown("NEW_COMMAND_\(i)") }
        counters.countUnknown("NEW_COMMAND_0")
        #expect(counters.unknown.count == 32)
        #expect(counters.unknown["NEW_COMMAND_0"] == 2)
        #expect(counters.unknownUnnamed == 10_000 + 8)
        #expect(counters.unknownTotal == 10_041)
        var total = LiveClient.Counters()
        total.add(counters)
        total.add(counters)
        #expect(total.unknown.count == 32 && total.unknownTotal == 2 * 10_041)
    }

    @Test(
        "studio serve closes a client that sends more than a viewer does, or never authenticates, and counts why",
        .timeLimit(.minutes(3)))
    func hostileClients() throws {
        let (server, url) = try Self.serve()
        // A message longer than an authentication: the connection ends.
        let big = try LiveSocket(url: url, timeout: 5)
        try big.send([UInt8](repeating: 7, count: 5_000))
        #expect(throws: LiveConnectionError.self) { while try big.receive(until: Date().addingTimeInterval(5)) != nil {} }
        // A frame whose header claims 2^62 bytes: refused on the header, before any payload.
        let fd = try RawHTTP.upgrade(port: UInt16(try #require(url.port)))
        defer { close(fd) }
        var header: [UInt8] = [0x82, 0x80 | 127, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        _ = send(fd, &header, header.count, Int32(MSG_NOSIGNAL))
        var byte: UInt8 = 0
        var read = 1
        while read > 0 { read = recv(fd, &byte, 1, 0) }
        #expect(read == 0, "the server closed the connection (errno \(errno))")
        let summary = server.stop()
        #expect(summary.contains("2 connection(s)"), "\(summary)")
        #expect(summary.contains("clients closed for a message over 4096 bytes: 1"), "\(summary)")
        withExtendedLifetime(big) {}
    }
}
