import ArgumentParser
import DanmakuImport
import Foundation
import StudioKit
import StudioLive

/// `studio serve`: a danmaku file or live recording replayed as a live broadcast server, on
/// the live danmaku protocol, for bots, overlays and recorders to connect to.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Replay a danmaku file as a live broadcast server that danmaku clients connect to.",
        discussion: """
            Clients connect to ws://127.0.0.1:PORT/sub and speak the live danmaku protocol \
            (docs/LIVE-PROTOCOL.md): each one authenticates, then gets the file's danmaku, gifts, \
            super chats and memberships at their times, in brotli batches, from the start of the \
            file. Faults for testing a client: --drop-every, --slow, --malformed-rate, \
            --disconnect-at. It runs until --seconds pass or a signal (Ctrl-C) stops it, then \
            prints what it sent.
            """
    )

    @OptionGroup var feed: FeedFileOptions

    @Option(help: "The port (0: a free one, printed).")
    var port: UInt16 = 0

    @Option(help: "The address to listen on. Anything but 127.0.0.1 lets other machines connect.")
    var bind = "127.0.0.1"

    @Option(help: "Simulated seconds per real second.")
    var speed: Double = 1

    @Flag(help: "Start the file again when it ends.")
    var loop = false

    @Option(name: .customLong("drop-every"), help: "Drop every Nth batch (0: none).")
    var dropEvery = 0

    @Option(
        help:
            "Give each client a slow link of this many bytes a second (16k, 1.5M, 4000): batches wait in its queue for the link, and past the queue's bounds are dropped."
    )
    var slow: String?

    @Option(name: .customLong("slow-delay"), help: "With --slow: the link's one-way delay in seconds (default 0.1).")
    var slowDelay: Double?

    @Option(name: .customLong("malformed-rate"), help: "The share of batches (0 to 1) sent as malformed packets.")
    var malformedRate: Double = 0

    @Option(name: .customLong("disconnect-at"), help: "Close each connection this many seconds after it authenticated.")
    var disconnectAt: Double?

    @Option(help: "Stop after this many seconds (default: until a signal).")
    var seconds: Double?

    @Option(help: "Seed for the faults' random choices.")
    var seed: UInt64 = 1

    func validate() throws {
        if feed.path == nil { throw ValidationError("studio serve needs --feed-file: the danmaku file or recording to replay") }
        try OptionCheck.number(speed, "--speed", in: 0.01...1000, "simulated seconds per real second")
        try OptionCheck.whole(dropEvery, "--drop-every", in: 0...1_000_000, "0 for none")
        if slow == nil, slowDelay != nil { throw ValidationError("--slow-delay goes with --slow: the link's bandwidth") }
        _ = try link()
        try OptionCheck.number(slowDelay, "--slow-delay", in: 0...60, "seconds a batch takes to arrive")
        try OptionCheck.number(malformedRate, "--malformed-rate", in: 0...1, "a share of the batches")
        try OptionCheck.number(disconnectAt, "--disconnect-at", in: 0...86_400, "seconds after a client authenticated")
        try OptionCheck.number(seconds, "--seconds", in: 0...31_536_000, "how long to serve")
    }

    /// `--slow` and `--slow-delay` as a link; nil without `--slow`.
    func link() throws -> LiveLink? {
        guard let slow else { return nil }
        let multiplier: Double = slow.hasSuffix("k") ? 1_000 : slow.hasSuffix("M") ? 1_000_000 : 1
        let digits = multiplier == 1 ? Substring(slow) : slow.dropLast()
        guard let number = Double(digits), number.isFinite, number * multiplier >= 100, number * multiplier <= 1e10 else {
            throw ValidationError(
                "--slow '\(slow)' is not a bandwidth from 100 bytes to 10000M a second; give bytes a second, "
                    + "with k or M for thousands or millions (16k, 1.5M, 4000)")
        }
        return LiveLink(bytesPerSecond: number * multiplier, delay: slowDelay ?? 0.1)
    }

    func run() throws {
        try reportingErrors {
            guard let file = try feed.load() else { return }
            var options = LiveReplayOptions()
            options.speed = speed
            options.loops = loop
            options.dropEvery = dropEvery
            options.link = try link()
            options.malformedRate = malformedRate
            options.disconnectAfter = disconnectAt
            options.seed = seed
            if bind != "127.0.0.1" {
                ToolName.say("warning: --bind \(bind): other machines can connect to this server; it has no authentication")
            }
            let server: LiveReplayServer
            let address: String
            do {
                server = try LiveReplayServer(index: file.timeIndex, options: options, host: bind, port: port)
                address = try server.start()
            } catch {
                throw OptionError("--port \(port == 0 ? "(any free port)" : "\(port)") --bind \(bind): \(error)")
            }
            reportFeedFile(file)
            // Written at once, not buffered: a script waits for this line to connect.
            FileHandle.standardOutput.write(Data("serving \(file.count) records of \(file.url.path) at \(address)\n".utf8))
            let watch = SignalWatch()
            defer { watch.stop() }
            let end = seconds.map { Date().addingTimeInterval($0) }
            while watch.caught == nil, end.map({ Date() < $0 }) ?? true { usleep(50_000) }
            server.stop()
            let c = server.counters
            print(
                "sent \(c["records"]) records in \(c["batches"]) batches to \(c["connections"]) connection(s); "
                    + "\(c["heartbeats"]) heartbeats answered; dropped \(c["batches dropped on purpose"]) on purpose and "
                    + "\(c["batches dropped by a full queue"]) by a full queue; \(c["batches sent malformed"]) malformed; "
                    + "\(c["disconnects"]) disconnects; \(c["live state changes"]) live state changes")
            // Connections the server ended for what no viewer does, each reason with its count.
            for (reason, n) in c.all.filter({ $0.key.hasPrefix("clients closed") }).sorted(by: { $0.key < $1.key }) {
                print("\(reason): \(n)")
            }
            if let signo = watch.caught { throw ExitCode(SignalWatch.exitStatus(signo)) }
        }
    }
}
