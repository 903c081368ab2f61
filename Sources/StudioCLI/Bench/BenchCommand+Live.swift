import Foundation
import StudioBench
import StudioKit
import StudioLive
import StudioProfiler

extension BenchCommand {
    /// The checks of `--live`, `--live-rate` and `--live-clients`.
    func checkLiveKnobs(scene: BenchScene) throws {
        try BenchKnobs.check("live-rate", liveRate, in: 1...100_000)
        if let liveURL {
            guard liveClients != nil else { throw BenchKnobError("--live-url names the server --live-clients read; add --live-clients") }
            guard let url = URL(string: liveURL), url.scheme == "ws", url.host?.isEmpty == false else {
                throw BenchKnobError("--live-url '\(liveURL)' is not a ws:// address; give ws://HOST:PORT/sub")
            }
            if keepFile != nil { throw BenchKnobError("--keep-file keeps the burst this bench serves; with --live-url it serves none") }
        }
        if let liveClients {
            try BenchKnobs.check("live-clients", liveClients, in: 1...100)
            if live { throw BenchKnobError("choose one of --live (a room reads the burst) and --live-clients (protocol clients alone)") }
            if window || frames != nil {
                throw BenchKnobError(
                    "--live-clients measures the server and its clients, with no room: leave out --window and --frames, and give --seconds")
            }
        }
        guard live else { return }
        if !window && !paced {
            throw BenchKnobError("--live reads a server on the real clock: add --window, or --paced for a headless run that keeps time")
        }
        if feed.path != nil { throw BenchKnobError("--live brings the room's chat; leave out --feed-file") }
        if ![.room, .full, .video].contains(scene) {
            throw BenchKnobError("--live plays into a room: use --scene room, full or video")
        }
    }

    /// `--live-clients N`: the server and its clients alone, for `--seconds` (10 by default).
    func benchLiveClients(_ clients: Int) throws {
        let result = try LiveBench.throughput(
            clients: clients, rate: liveRate, seconds: seconds ?? 10, seed: seed, keep: keepFile.map { URL(fileURLWithPath: $0) },
            external: liveURL.flatMap(URL.init(string:)))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(result.table())
        }
    }

    /// `--live`: a server replaying the burst, and the room's feed reading it, added to
    /// `settings`. The returned function, after the runs, says what went through.
    func attachLive(to settings: inout BenchSettings) throws -> () -> BenchReport.LiveTraffic {
        let folder = try LiveBench.folder()
        let (server, url) = try LiveBench.server(rate: liveRate, seed: seed, in: folder)
        let started = Date()
        let feeds = Locked<[LiveFeed]>([])
        settings.liveServer = true
        settings.components.append { driver in
            let feed = LiveFeed(url: url, roomID: 1, inbox: driver.inbox) { _ in }
            feeds.withLock { $0.append(feed) }
            return feed
        }
        let rate = liveRate
        return {
            let seconds = Date().timeIntervalSince(started)
            server.stop()
            try? FileManager.default.removeItem(at: folder)
            let read = feeds.withLock { $0.reduce(0) { $0 + $1.counters.messages } }
            return BenchReport.LiveTraffic(
                rate: rate, seconds: seconds, recordsSent: server.counters["records"],
                batchesDropped: server.counters["batches dropped by a full queue"], messagesRead: read)
        }
    }
}
