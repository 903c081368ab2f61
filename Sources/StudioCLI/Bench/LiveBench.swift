import DanmakuImport
import Foundation
import StudioKit
import StudioLive
import StudioProfiler
import Studios

/// `studio bench --live` and `--live-clients`: a broadcast server in this process replays a
/// burst recording on the live danmaku protocol, as `studio serve` does, over loopback.
///
/// - With `--live`, the room under measurement reads it as its chat, through the same
///   `LiveFeed` as `studio run --live`, and the report says what went through.
/// - With `--live-clients N`, there is no room: N protocol clients read it, each on its own
///   thread, and the report gives each one's rate and every danmaku's lag (arrival less the
///   time the server was due to send it).
enum LiveBench {
    /// The burst's length: it loops, so a longer run sees it again.
    static let burstSeconds = 60.0
    /// Seconds into a `--live-clients` run at which its memory is first read.
    static let settle = 3.0

    /// The server, started, and its address. The burst has `rate` danmaku a second with a
    /// busy room's gifts (one for every ten danmaku) and super chats (one for every thousand),
    /// written to a file in `folder` and read as `--feed-file` reads one.
    /// - Throws: what writing, reading or listening throws, naming the file or the address.
    static func server(rate: Double, seed: UInt64, in folder: URL, keep: URL? = nil) throws -> (LiveReplayServer, URL) {
        let url = keep ?? folder.appendingPathComponent("live-burst-\(Int(clamping: rate)).xml")
        let danmaku = Int(clamping: rate * burstSeconds)
        let generator = DanmakuRecordingGenerator(
            seed: seed, minutes: burstSeconds / 60, danmaku: danmaku, gifts: danmaku / 10, superChats: danmaku / 1_000)
        try generator.write(to: url, format: .bililiveRecorder)
        let file = try FeedFile.load(url)
        var options = LiveReplayOptions()
        options.loops = true
        let server = try LiveReplayServer(index: file.timeIndex, options: options)
        let address = try server.start()
        guard let endpoint = URL(string: address) else { throw LiveServerError("the server gave no address: \(address)") }
        return (server, endpoint)
    }

    /// A temporary folder for the burst's file, removed by `remove`.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What `--live-clients` measured.
    struct Throughput: Codable {
        struct Client: Codable {
            /// Commands read (operation 5 packets).
            var messages: Int
            /// Every danmaku's lag: its arrival less the time it was due, which it carries.
            var lag: LatencySummary
            /// Why the client stopped before the run's end, if it did.
            var failure: String?
        }
        var rate: Double
        var seconds: Double
        /// The server measured: LiveStudio's, in this process; or another, by its address
        /// (`--live-url`), whose counts and memory are not known here.
        var server: String
        /// Whether the server was LiveStudio's own, in this process.
        var isOwn: Bool { server == Self.ownServer }
        static let ownServer = "LiveStudio"
        var recordsSent: Int?
        var batchesDropped: Int?
        var clients: [Client]
        /// Every client's danmaku together.
        var lag: LatencySummary
        /// The process (server and clients) once settled (`settle` seconds in), and at the end.
        var residentStartBytes: Int
        var residentEndBytes: Int
        var machine: BenchMachine

        func table() -> String {
            let read = clients.reduce(0) { $0 + $1.messages }
            func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
            func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
            var out = [
                isOwn
                    ? String(
                        format: "live server: a burst of %.0f danmaku a second (and its gifts and super chats) to %d clients for %.1f s",
                        rate, clients.count, seconds)
                    : String(format: "live server at %@: %d clients for %.1f s", server, clients.count, seconds),
                String(
                    format: "read %d messages (%.0f a second by each client, %.0f in all)", read,
                    Double(read) / Double(max(1, clients.count)) / seconds, Double(read) / seconds)
                    + (recordsSent.map { "; the server sent \($0) records" } ?? "")
                    + (batchesDropped.map { " and dropped \($0) batches for a full queue" } ?? ""),
                "lag, every client's danmaku: p50 \(ms(lag.p50)), p90 \(ms(lag.p90)), p99 \(ms(lag.p99)), max \(ms(lag.max)) (\(lag.count) danmaku)",
            ]
            for (i, c) in clients.enumerated() {
                out.append(
                    String(
                        format: "  client %d: %d messages (%.0f a second), lag p50 %@ p99 %@ max %@%@", i + 1, c.messages,
                        Double(c.messages) / seconds, ms(c.lag.p50), ms(c.lag.p99), ms(c.lag.max),
                        c.failure.map { "; stopped: \($0)" } ?? ""))
            }
            out.append(
                (isOwn ? "memory (server and clients, one process)" : "memory (the clients)")
                    + ": resident \(mb(residentStartBytes)) once settled -> \(mb(residentEndBytes)) "
                    + "(growth \(mb(residentEndBytes - residentStartBytes)))")
            out.append("machine: \(machine.summary)")
            #if DEBUG
            out.append("warning: debug build: numbers are not representative; build with -c release")
            #endif
            return out.joined(separator: "\n")
        }
    }

    /// `clients` protocol clients read for `seconds`: from a server in this process replaying
    /// a burst of `rate` danmaku a second (its file kept at `keep`, when given, for peers to
    /// serve), or from the server at `external`.
    static func throughput(
        clients count: Int, rate: Double, seconds: Double, seed: UInt64, keep: URL? = nil, external: URL? = nil
    ) throws -> Throughput {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = try external == nil ? server(rate: rate, seed: seed, in: folder, keep: keep) : nil
        defer { ours?.0.stop() }
        guard let url = external ?? ours?.1 else { throw LiveServerError("no server to read") }
        let start = Date(), end = start.addingTimeInterval(seconds)
        // Each client reads on a thread of its own and hands back what it read once done.
        let results = Locked<[Reader?]>(Array(repeating: nil, count: count))
        let finished = DispatchGroup()
        for i in 0..<count {
            finished.enter()
            Thread {
                var reader = Reader(url: url, until: end)
                reader.run()
                results.withLock { $0[i] = reader }
                finished.leave()
            }.start()
        }
        // The server's memory is read once it has settled: its connections' queues and its
        // cache of recent batches are full by then.
        Thread.sleep(forTimeInterval: min(settle, seconds / 3))
        let residentStart = ResidentMemory.current().residentBytes
        finished.wait()
        let residentEnd = ResidentMemory.current().residentBytes
        let elapsed = Date().timeIntervalSince(start)
        let readers = results.value.compactMap { $0 }
        var all = LatencyHistogram()
        for r in readers { all.add(r.lag) }
        return Throughput(
            rate: rate, seconds: elapsed, server: external?.absoluteString ?? Throughput.ownServer,
            recordsSent: ours?.0.counters["records"], batchesDropped: ours?.0.counters["batches dropped by a full queue"],
            clients: readers.map { Throughput.Client(messages: $0.messages, lag: $0.lag.summary, failure: $0.failure) },
            lag: all.summary, residentStartBytes: residentStart, residentEndBytes: residentEnd, machine: BenchMachine.current())
    }

    /// One client on its own thread: reads until `until`, timing each danmaku's lag. It reads
    /// every packet and unpacks every batch, as any client must, but reads only the time of
    /// each command: decoding whole commands is the room's work (`--live` measures that), and
    /// ten clients decoding in this process would measure their decoding, not the server.
    struct Reader: Sendable {
        let url: URL
        let until: Date
        var messages = 0
        var lag = LatencyHistogram()
        var failure: String?

        init(url: URL, until: Date) {
            self.url = url
            self.until = until
        }

        mutating func run() {
            do {
                let client = try LiveClient(url: url, roomID: 1)
                while Date() < until {
                    let packets = try client.readPackets(until: until)
                    let now = Date()
                    for packet in packets where packet.operation == .message {
                        messages += 1
                        if let sent = LiveCommands.danmakuSentTime(packet.body) { lag.record(seconds: now.timeIntervalSince(sent)) }
                    }
                }
            } catch {
                failure = "\(error)"
            }
        }
    }
}
