import ArgumentParser
import Foundation
import StudioBench
import StudioKit
import StudioProfiler
import StudioSDL
import Studios

/// `studio bench`: runs a scene for N frames (or seconds), headless or in a window, and
/// reports frame-time percentiles, phases, layers, counters, memory and the costliest widgets.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frames: percentiles, phases, layers, memory, widgets; JSON and Chrome traces.",
        discussion: """
            Scenes: room (a normal room of --kind), danmaku (N blended 300x40 comments over a moving \
            background; the peer-comparison scene), full (video + 200 danmaku + 50 hearts + a full-screen gift), \
            recording (a generated 10-minute live recording, 20,000 danmaku, 2,000 gifts and 100 super chats, played \
            into the audience room, after a video's danmaku file, 500,000 lines unless --file-lines says, is loaded \
            as --feed-file loads it, timed with its peak memory), \
            video (the full scene over a real 720x1280 stream decoded by the player: --video, or make clips's demo). \
            --micro runs the microbenchmarks instead (announcer, hit testing, lanes, display list, text cache, \
            a live command).
            """
    )

    @Flag(help: "Run without a window (default): a manual clock, one 1/60 s step per frame, the feed in lockstep.")
    var headless = false
    @Flag(help: "Run in a window (real clock, feed on its own thread); use xvfb-run without a display.")
    var window = false
    @Option(help: "Studio kind for the room, full and video scenes.") var kind: RoomKind = StudioKinds.audience
    @Option(help: "Open this room, as a scheme studio://room/<id>?type=<kind> (overrides --kind).") var room: String?
    @Option(help: ArgumentHelp("\(BenchScene.validNames)."))
    var scene: String = "room"
    @Option(help: "Replay a scenario file (Assets/scenarios/*.jsonl).") var scenario: String?
    @OptionGroup var videos: VideoOptions
    @OptionGroup var feed: FeedFileOptions
    @OptionGroup var danmakuSettings: DanmakuOptions
    @Option(name: .customLong("file-lines"), help: "Recording scene: lines of the danmaku file it loads (default 500,000).")
    var fileLines: Int?
    @Option(
        name: .customLong("keep-file"),
        help: "Recording scene, or --live-clients: keep the danmaku file it loads or serves here, for other tools to read.")
    var keepFile: String?
    @Option(help: "Frames to measure (default 600).") var frames: Int?
    @Option(help: "Seconds to measure (simulated headless, real in a window).") var seconds: Double?
    @Flag(help: "Sleep to 60 fps after each frame (window default).") var paced = false
    @Flag(help: "In a window, present through SDL's software renderer (compare with the default driver).")
    var software = false
    @Flag(help: "Run frames back to back (headless default; the danmaku scene always).") var unpaced = false
    @Flag(
        name: .customLong("draw-in-front"),
        help:
            "In a window, draw each frame before the loop goes on, as headless does, instead of behind the next frame's work (compare the two)."
    )
    var drawInFront = false
    @Option(name: .customLong("comments-per-second"), help: "Feed comment rate.") var commentsPerSecond: Double?
    @Option(name: .customLong("hearts-per-second"), help: "Hearts spawned per second.") var heartsPerSecond: Double?
    @Option(name: .customLong("gifts-per-second"), help: "Feed gift rate.") var giftsPerSecond: Double?
    @Option(help: "Danmaku kept on screen (full: 200; danmaku scene: N comments).") var danmaku: Int?
    @Option(name: .customLong("widgets-multiplier"), help: "Add (N-1) filler widgets per room widget.") var widgetsMultiplier: Int = 1
    @Flag(help: "Print the report as JSON.") var json = false
    @Option(help: "Write a Chrome Trace Event file (opens in Perfetto / chrome://tracing).") var trace: String?
    @Option(help: "Also write the JSON report to this file.") var report: String?
    @Option(help: "Write the busy times' percentile distribution in HdrHistogram's .hgrm format (milliseconds).")
    var hgrm: String?
    @Option(help: "Write the report as one self-contained HTML page with charts (opens offline in any browser).")
    var html: String?
    @Option(help: "Widgets to list by update + draw + raster cost (0: measure none).") var top: Int = 8
    @Option(name: .customLong("warm-up"), help: "Frames run before measuring (default: 60; full and video scenes 1,800).") var warmUp: Int?
    @Option(
        name: .customLong("surface-budget"),
        help:
            "MiB the renderer's layer surfaces may take (default: an eighth of the machine's memory); 0 draws every frame whole, to compare."
    )
    var surfaceBudget: Int?
    @Option(help: "Compare with this earlier JSON report (--report): print each metric's change; exit 4 on a regression.")
    var baseline: String?
    @Option(help: "Percent a metric may grow before it counts as a regression (and only beyond the noise measured).")
    var threshold: Double = 10
    @Option(help: "Run the scene this many times; comparisons use each metric's median and its spread as the noise.")
    var `repeat`: Int = 1
    @Flag(help: "No progress line (it shows only on a terminal anyway).") var quiet = false
    @Option(
        name: .customLong("capture-slow"),
        help: "Save each frame over the budget here: frame-<n>/frame.png, trace.json (its spans) and events.txt.")
    var captureSlow: String?
    @Option(name: .customLong("capture-limit"), help: "Most slow frames saved (default 10).") var captureLimit: Int = 10
    @Option(name: .customLong("slow-ms"), help: "Busy milliseconds over which a frame is slow (default 16.7).")
    var slowMs: Double = 1000.0 / 60
    @Option(help: "Seed for everything random.") var seed: UInt64 = 1
    @OptionGroup var assets: AssetsOption
    @Flag(help: "Run the microbenchmarks (package-benchmark fallback) instead of a scene.") var micro = false
    @Flag(
        help:
            "Feed the room from a live broadcast server in this process (as studio serve) replaying a burst of --live-rate danmaku a second."
    )
    var live = false
    @Option(name: .customLong("live-rate"), help: "Danmaku a second in the live burst (default 2,000).")
    var liveRate: Double = 2_000
    @Option(
        name: .customLong("live-clients"),
        help: "Measure the live server alone: this many protocol clients read the burst for --seconds; each one's rate and lag.")
    var liveClients: Int?
    @Option(
        name: .customLong("live-url"),
        help: "With --live-clients: read this server (ws://HOST:PORT/sub) instead of one in this process, to compare with a peer.")
    var liveURL: String?
    @Flag(help: "Also run the scene with DevTools attached (its server and a page's requests), runs alternating, and print what it costs.")
    var devtools = false

    func validate() throws {
        do { try checkKnobs() } catch let e as BenchKnobError { throw ValidationError(e.description) }
    }

    func checkKnobs() throws {
        if headless && window { throw BenchKnobError("choose one of --headless and --window") }
        if software && !window { throw BenchKnobError("--software chooses the window's renderer; add --window") }
        if drawInFront && !window {
            throw BenchKnobError("--draw-in-front is how a window draws (headless always draws in front); add --window")
        }
        if paced && unpaced { throw BenchKnobError("choose one of --paced and --unpaced") }
        let s = try BenchScene.parse(scene)
        try BenchKnobs.check("kind", kind.rawValue, in: CommandCatalog.current.kindNames.map(\.rawValue))
        if let room { do { _ = try Scheme(parsing: room) } catch { throw BenchKnobError("\(error)") } }
        if let frames { try BenchKnobs.check("frames", frames, in: 1...10_000_000) }
        if let seconds { try BenchKnobs.check("seconds", seconds, in: 0.02...86_400) }
        if frames != nil && seconds != nil { throw BenchKnobError("choose one of --frames and --seconds") }
        if let v = commentsPerSecond { try BenchKnobs.check("comments-per-second", v, in: 0...FeedRates.maximumRate) }
        if let v = giftsPerSecond { try BenchKnobs.check("gifts-per-second", v, in: 0...FeedRates.maximumRate) }
        if let v = heartsPerSecond { try BenchKnobs.check("hearts-per-second", v, in: 0...10_000) }
        if let v = danmaku { try BenchKnobs.check("danmaku", v, in: 0...100_000) }
        // An option the scene does not read would measure something other than was asked.
        if danmaku != nil, s != .danmaku, !s.keepsFullLoad {
            throw BenchKnobError(
                "--danmaku is the comments the danmaku, full and video scenes keep on screen; the \(s.rawValue) scene's "
                    + "come from its feed (--comments-per-second); add --scene danmaku, full or video, or leave --danmaku out")
        }
        if let v = fileLines { try BenchKnobs.check("file-lines", v, in: 1...50_000_000) }
        if fileLines != nil && s != .recording || keepFile != nil && s != .recording && liveClients == nil {
            throw BenchKnobError(
                "--file-lines and --keep-file size and keep the recording scene's file (--keep-file also the live burst's); add --scene recording"
            )
        }
        if let keepFile {
            let folder = URL(fileURLWithPath: keepFile).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw BenchKnobError("--keep-file \(keepFile): the folder \(folder) does not exist; create it or choose another path")
            }
        }
        try BenchKnobs.check("widgets-multiplier", widgetsMultiplier, in: 1...100)
        try BenchKnobs.check("top", top, in: 0...1000)
        if let warmUp { try BenchKnobs.check("warm-up", warmUp, in: 0...10_000_000) }
        if let surfaceBudget { try BenchKnobs.check("surface-budget", surfaceBudget, in: 0...65_536) }
        try BenchKnobs.check("threshold", threshold, in: 0...1000)
        try BenchKnobs.check("repeat", `repeat`, in: 1...50)
        try BenchKnobs.check("capture-limit", captureLimit, in: 1...10_000)
        try BenchKnobs.check("slow-ms", slowMs, in: 0...60_000)
        try checkLiveKnobs(scene: s)
    }

    func run() throws {
        do {
            try bench()
        } catch let e as ExitCode {
            throw e
        } catch {
            printError("\(error)")
            // As `studio run`: no display is its own exit status, so scripts can tell it apart.
            if case .noDisplay? = error as? SDLError { throw ExitCode(3) }
            throw ExitCode(1)
        }
    }

    /// The microbenchmarks, or the scene's runs, their report, the comparison and the files
    /// asked for; exits 4 on a regression, 1 when an output could not be written.
    private func bench() throws {
        let assetsURL = try assets.locate()
        if micro { return try MicroBench.runAll(assets: assetsURL) }
        if let liveClients { return try benchLiveClients(liveClients) }
        try checkOutputs()
        var settings = try BenchSettings(command: self, assets: assetsURL)
        let base = try loadBaseline(for: settings)
        warnSkippedConfigs(assets: assetsURL, except: settings.kind)
        let liveTraffic = live ? try attachLive(to: &settings) : nil
        if devtools {
            // The server stops, and its burst's file goes, after the runs either way.
            defer { _ = liveTraffic?() }
            return try benchDevTools(settings)
        }
        // From here a signal ends the measuring: the report covers the frames measured.
        let signals = SignalWatch()
        defer { signals.stop() }
        let outcomes: [BenchRunner.Outcome]
        do {
            outcomes = try runRepeatedly(settings, signals: signals)
        } catch let stopped as BenchRunner.StoppedInWarmUp {
            printNote("stopped by \(SignalWatch.name(stopped.signo)) in the warm-up; no frame was measured")
            throw ExitCode(SignalWatch.exitStatus(stopped.signo))
        }
        var outcome = BenchRunner.Outcome.median(of: outcomes)
        outcome.report.live = liveTraffic?()
        outcome.report.version = StudioCommand.version
        outcome.report.commandLine = CommandLine.arguments
        json ? print(String(decoding: try outcome.report.jsonData(), as: UTF8.self)) : print(outcome.report.table())
        reportFeedFile(settings.feedFile)
        let regressed = try compare(outcome.report, with: base)
        // What is left is writing: a signal now ends the command, whatever a write waits on.
        signals.endAtOnce()
        let writeFailed = writeOutputs(outcome)
        let captureFailed = reportCaptures(outcomes)
        if let signo = signals.caught {
            // With --repeat the report is the median run's: the stop is told in runs.
            let measured =
                `repeat` > 1
                ? "after \(outcomes.count) of \(`repeat`) runs (the last perhaps cut short); the report covers those"
                : "after \(outcome.report.frames) measured frames; the report covers those"
            printNote("stopped by \(SignalWatch.name(signo)) \(measured)")
            throw ExitCode(SignalWatch.exitStatus(signo))
        }
        if regressed { throw ExitCode(4) }
        if writeFailed || captureFailed { throw ExitCode(1) }
    }

    /// Before the measuring: a bad output path is refused now, not after the run.
    private func checkOutputs() throws {
        try OutputFile.check(trace, "--trace")
        try OutputFile.check(report, "--report")
        try OutputFile.check(hgrm, "--hgrm")
        try OutputFile.check(html, "--html")
        if let captureSlow { try SlowFrameCapture.prepare(captureSlow) }
    }

    /// The `--baseline` report, if one: read and checked before the run, so a wrong one
    /// costs no minutes.
    private func loadBaseline(for settings: BenchSettings) throws -> BenchReport? {
        try baseline.map { path in
            let report = try BaselineFile.load(path)
            do { try BenchComparison.check(report, against: settings.description) } catch let e as BaselineMismatch {
                throw BaselineMismatch("--baseline \(path): \(e.description)")
            }
            return report
        }
    }

    /// The scene run `--repeat` times, each run's outcome in order.
    private func runRepeatedly(_ settings: BenchSettings, signals: SignalWatch) throws -> [BenchRunner.Outcome] {
        let showsProgress = !quiet && isatty(STDERR_FILENO) != 0
        var outcomes: [BenchRunner.Outcome] = []
        for run in 0..<`repeat` {
            let label = `repeat` > 1 ? "run \(run + 1)/\(`repeat`)" : "bench"
            // Runs keep their slow frames apart: frame numbers repeat from run to run.
            let capture = captureSlow.map { folder in
                SlowFrameCapture(
                    folder: `repeat` > 1 ? (folder as NSString).appendingPathComponent("run-\(run + 1)") : folder,
                    limit: captureLimit, budget: slowMs / 1000)
            }
            var runner = BenchRunner(settings: settings, progress: showsProgress ? label : nil, capture: capture)
            runner.signals = signals
            do {
                outcomes.append(try runner.run())
            } catch is BenchRunner.StoppedInWarmUp where !outcomes.isEmpty {
                // A later run stopped before measuring: the runs done are the report.
            }
            if signals.caught != nil { break }
        }
        return outcomes
    }

    /// Prints the comparison with the baseline, when there is one; true when a metric regressed.
    private func compare(_ report: BenchReport, with base: BenchReport?) throws -> Bool {
        guard let base, let path = baseline else { return false }
        let comparison = try BenchComparison(baseline: base, current: report, threshold: threshold / 100)
        print("")
        print(comparison.table(baselineName: path))
        return !comparison.regressions.isEmpty
    }

    /// Writes the files asked for; true when one could not be written.
    private func writeOutputs(_ outcome: BenchRunner.Outcome) -> Bool {
        var failed = false
        // Each output is written whole or not at all; one that fails is named, the others still written.
        func write(_ path: String?, _ flag: String, _ content: () throws -> Data) {
            guard let path else { return }
            do {
                var data = Data()
                try OutputFile.naming(flag) {
                    data = try content()
                    try FileOutput.write(data, to: path)
                }
                print(
                    "wrote \(path) (\(flag), \(ByteCountFormatter.string(fromByteCount: Int64(clamping: data.count), countStyle: .file)))")
            } catch {
                printError("\(error)")
                failed = true
            }
        }
        write(trace, "--trace") {
            let counters = Dictionary(outcome.samples.map { ($0.timing.index, $0.counters) }) { a, _ in a }
            return Data(ChromeTrace.json(outcome.tracer ?? Tracer(), counters: counters).utf8)
        }
        write(report, "--report") { try outcome.report.jsonData() }
        write(hgrm, "--hgrm") { Data(outcome.distribution.utf8) }
        write(html, "--html") { Data(BenchPage.html(outcome.report).utf8) }
        return failed
    }

    /// Says where each run's slow frames were saved; true when capturing failed.
    private func reportCaptures(_ outcomes: [BenchRunner.Outcome]) -> Bool {
        var failed = false
        for o in outcomes {
            guard let capture = o.capture else { continue }
            print(
                String(
                    format: "slow frames (busy over %.1f ms) saved in %@: %@", capture.budget * 1000,
                    capture.folder,
                    capture.captured.isEmpty
                        ? "none"
                        : capture.captured.map { "frame-\($0)" }
                            .joined(separator: ", ")))
            if let failure = capture.failure {
                printError("--capture-slow \(capture.folder): \(failure); capturing stopped there")
                failed = true
            }
        }
        return failed
    }
}
