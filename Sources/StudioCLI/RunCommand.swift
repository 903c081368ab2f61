import ArgumentParser
import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import StudioVideo
import Studios

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the live room: in a window, or headless with --headless.",
        discussion: """
            Keys: Up/Down = next/previous room, Left/Right = leave/enter lite mode, \
            Space = a heart, L = toggle lite mode, F6 = start or stop recording the window to an MP4 (see --recordings), \
            Esc = leave the room and quit. \
            Mouse or touch: tap for hearts, swipe horizontally for lite mode, vertically for the next room.
            """
    )

    @Option(help: "Run this many frames, then exit 0 (default: until the window is closed; 600 headless).")
    var frames: Int?

    @Option(help: "Write a PNG of the last frame to this path.")
    var screenshot: String?

    @Option(help: "Seed for everything random in the simulation.")
    var seed: UInt64 = 1

    @Option(help: "The session: audience (swipe through one room of each of the ten kinds) or host (your own room).")
    var session: String = "audience"

    @Option(help: "Open this room first, as a scheme: studio://room/<id>?type=<kind>.")
    var room: String?

    @Option(help: "Replay a scenario (Assets/scenarios/*.jsonl): timed server messages and gestures.")
    var scenario: String?

    @OptionGroup var feed: FeedFileOptions

    @OptionGroup var danmaku: DanmakuOptions

    @OptionGroup var videos: VideoOptions

    @OptionGroup var liveFeed: LiveOptions

    @Option(
        help:
            "Window size in screen pixels, WxH, at most \(WindowBounds.maxSide) on a side. The 720x1280 studio is scaled to fit (letterboxed)."
    )
    var size: String = "405x720"

    @Flag(help: "Run without a window: simulated time advances exactly 1/60 s per frame, frames render offscreen.")
    var headless = false

    @OptionGroup var assets: AssetsOption

    @Flag(help: "Present through the window's surface even where a GPU renderer exists (see README, How the window presents).")
    var software = false

    @Flag(help: "Do not wait for vsync; the loop paces itself to 60 fps.")
    var noVsync = false

    @Flag(help: "Print frame time percentiles (overall and per phase) when done.")
    var stats = false

    @Option(
        help:
            "Record pointer and key input, one JSON line per event with its frame number (replay: studio snapshot --replay FILE --at FRAME)."
    )
    var record: String?

    @Option(help: "The folder F6 saves its screen recordings in (MP4, named by the time they start).")
    var recordings: String = "."

    @Option(
        name: .customLong("state-out"),
        help:
            "Write the session state as one line of JSON (the `session` of `studio dump --json`) to this file whenever it changes, and when the run ends."
    )
    var stateOut: String?

    @Flag(help: "Serve the DevTools page for this run on 127.0.0.1 and print its address (see docs/DEVTOOLS.md).")
    var devtools = false

    @Option(name: .customLong("devtools-port"), help: "The DevTools port (default: a free one).")
    var devtoolsPort: Int?

    func validate() throws {
        try OptionCheck.whole(frames, "--frames", in: 1...InputLimits.maxFrame, "at most a day at 60 frames a second")
        try OptionCheck.whole(devtoolsPort, "--devtools-port", in: 1...65_535, "a TCP port")
        if devtoolsPort != nil && !devtools { throw ValidationError("--devtools-port chooses the DevTools port; add --devtools") }
        guard let window = Size(parsing: size) else {
            throw ValidationError("--size must be WxH with positive numbers, for example 405x720 (got '\(size)')")
        }
        let cap = Double(WindowBounds.maxSide)
        if window.width > cap || window.height > cap {
            throw ValidationError(
                "--size \(size) is larger than the window's limit of \(WindowBounds.maxSide) pixels on a side; "
                    + "use a size within it, for example 1080x1920")
        }
        if !Sessions.names.contains(session) {
            throw ValidationError("unknown session '\(session)'; valid sessions: \(Sessions.names.joined(separator: ", "))")
        }
        if let room { _ = try Scheme(parsing: room) }
        if liveFeed.live != nil, feed.path != nil {
            throw ValidationError("--live and --feed-file both bring the rooms' chat; choose one")
        }
    }

    func run() throws {
        do {
            // Output paths first: a bad one is refused before the window opens.
            try OutputFile.check(screenshot, "--screenshot")
            if !headless { try OutputFile.check((recordings as NSString).appendingPathComponent("livestudio.mp4"), "--recordings") }
            let recording = try record.map { try RecordingFile(path: $0) }
            let state = try stateOut.map { try SessionStateFile(path: $0) }
            let assetsURL = try assets.locate()
            // Read before the window opens: a bad file is refused with its name, not after.
            let feedFile = try feed.load()
            // From here a signal ends the session as closing the window does (see SignalWatch).
            let signals = SignalWatch()
            defer { signals.stop() }
            /// What the end of a run writes and says, however it ends.
            let live = liveFeed.component()
            func finish(_ driver: StudioDriver) throws {
                reportFeedFile(feedFile)
                reportLiveFeed(live?.made())
                if stats { printStats(driver) }
                // Each file is finished whatever became of the other; the first failure is
                // the command's.
                let recorded = Result { try recording?.finish() }
                try state?.finish(driver)
                try recorded.get()
            }
            let (driver, failedRecording) =
                headless
                ? (
                    try runHeadless(
                        assets: assetsURL, feedFile: feedFile, live: live?.make, recording: recording, state: state, signals: signals),
                    nil
                )
                : try runWindow(
                    assets: assetsURL, feedFile: feedFile, live: live?.make, recording: recording, state: state,
                    signals: signals, finish: finish)
            try finish(driver)
            if let signo = signals.caught {
                printNote(
                    "stopped by \(SignalWatch.name(signo)) after \(driver.state.frame) frames; "
                        + "what the session was writing is finished")
                // Everything is written and synced: end here, as a process a signal stopped,
                // without the libraries' exit handlers (a graphics driver's can wait on threads
                // that a stopped session no longer serves).
                fflush(nil)
                _exit(SignalWatch.exitStatus(signo))
            }
            // An F6 recording that failed was said when it did, and the session went on; the
            // command still did not do all it was asked.
            if let failedRecording { throw F6RecordingFailed(error: failedRecording) }
        } catch let error as SDLError {
            printError(error.description)
            if case .noDisplay = error { throw ExitCode(3) }
            throw ExitCode(1)
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }

    private func appOptions(
        assets: URL, feedFile: FeedFile?, live: ((StudioDriver) -> IOComponent)?, lockstep: Bool
    ) throws -> StudioApp.Options {
        var options = StudioApp.Options(assets: assets)
        options.catalog = CommandCatalog.current
        options.session = session
        options.start = try room.map(Scheme.init(parsing:))
        options.seed = seed
        options.scenario = try scenario.map { try Scenario.load(path: $0, vocabulary: options.catalog.scenarioActions) }
        // A live room's messages and connection are its server's alone: a scenario may play
        // the viewer's gestures over one, not a server of its own.
        if live != nil, let scenario = options.scenario, let line = scenario.serverLines(upTo: .infinity).first {
            throw ValidationError(
                "--scenario \(scenario.file) scripts server messages (at \(line.time.formatted()) s: \(line.text)), "
                    + "and a --live room's messages come from its server alone; take those lines out, or leave out --live")
        }
        options.feedFile = feedFile
        options.danmaku = try danmaku.settings()
        options.lockstep = lockstep
        options.components += videos.players(lockstep: lockstep, assets: assets)
        if let live {
            options.liveServer = true
            options.components.append(live)
        }
        return options
    }

    /// Deterministic: a manual clock advanced exactly one step per frame, the feed in lockstep.
    private func runHeadless(
        assets: URL, feedFile: FeedFile?, live: ((StudioDriver) -> IOComponent)?, recording: RecordingFile?,
        state: SessionStateFile?, signals: SignalWatch
    ) throws -> StudioDriver {
        let backend = try OffscreenBackend(assetsDirectory: assets.path)
        let clock = ManualClock()
        let options = try appOptions(assets: assets, feedFile: feedFile, live: live, lockstep: true)
        let app = try StudioApp(options: options, backend: recorded(backend, into: recording), clock: clock)
        warnSkipped(app.configs.problems)
        let driver = app.driver
        defer { driver.shutdown() }
        let devTools = try startDevTools(on: driver, scenario: options.scenario, assets: assets, rasterizer: backend.target.rasterizer)
        defer { devTools?.stop() }
        // Watched from the page, or fed by a live server, a headless room runs at 60 frames a
        // second, as a window does, so that its frames and --stats are a real-time room's;
        // its clock still steps exactly 1/60 s a frame.
        try driver.run(frames: frames ?? 600, paced: devTools != nil || live != nil) {
            if signals.caught != nil { driver.close() }
            state?.update(driver)
            clock.advance(by: driver.loop.step)
        }
        if let screenshot { try OutputFile.naming("--screenshot") { try backend.screenshot(to: screenshot) } }
        return driver
    }

    /// Real time: the machine's clock, the feed on its own thread.
    private func runWindow(
        assets: URL, feedFile: FeedFile?, live: ((StudioDriver) -> IOComponent)?, recording: RecordingFile?,
        state: SessionStateFile?, signals: SignalWatch,
        finish: @escaping (StudioDriver) throws -> Void
    ) throws -> (StudioDriver, VideoError?) {
        let window = SDLWindowBackend.Options(
            windowSize: Size(parsing: size)!, vsync: !noVsync,
            forceSoftware: software, assetsDirectory: assets.path)
        let backend = try SDLWindowBackend(options: window)
        let options = try appOptions(assets: assets, feedFile: feedFile, live: live, lockstep: false)
        let app = try StudioApp(options: options, backend: recorded(backend, into: recording), clock: MonotonicClock())
        warnSkipped(app.configs.problems)
        let driver = app.driver
        driver.overlays.append(makeProfilerHUD(backend: backend))  // F2: the profiling HUD
        let inspector = InspectorOverlay()  // F1 bounds and inspector, F3 exploded, F4 isolation
        driver.overlays.append(inspector)
        driver.overlays.append(RepaintView(inspector: inspector, rasterizer: backend.rasterizer))  // F1 repaints too
        // F6: records the window to an MP4
        let screenRecorder = ScreenRecorder(folder: recordings) { [unowned backend] in backend.framesCompiled + 1 }
        driver.overlays.append(screenRecorder)
        backend.frameRendered = { [unowned screenRecorder] in screenRecorder.frameRendered($0, number: $1) }
        defer { driver.shutdown() }
        // A recording still running when the run ends is finished, not lost.
        defer { screenRecorder.finishAll() }
        // The display can go away mid-run (the X server dies): the loop cannot go on, but
        // what it was recording is finished and said before the process ends.
        DisplayLoss.onLoss { sentence in
            printError(sentence + "; finishing what the session was writing")
            screenRecorder.finishAll()
            do { try finish(driver) } catch { printError("\(error)") }
            // Without the libraries' exit handlers: the graphics driver's would talk to the
            // display that is gone.
            fflush(nil)
            _exit(3)
        }
        defer { DisplayLoss.clear() }
        let devTools = try startDevTools(
            on: driver, scenario: options.scenario, assets: assets, rasterizer: backend.rasterizer, inspector: inspector)
        defer { devTools?.stop() }
        // Paced either way: when vsync blocks in present the deadline has passed and the
        // pacing sleeps nothing; where it does not (Xvfb, some drivers) the sleep keeps 60 fps.
        // The state of the frame before, each frame: a test driving the window waits on it.
        try driver.run(frames: frames, paced: true) {
            if signals.caught != nil { driver.close() }
            state?.update(driver)
        }
        if let screenshot {
            try OutputFile.naming("--screenshot") { try backend.screenshot(driver.displayList, to: screenshot) }
        }
        screenRecorder.finishAll()
        return (driver, screenRecorder.firstFailure)
    }

    /// `--record`: the backend wrapped so that its input goes to the recording, line by line.
    private func recorded(_ backend: Backend, into recording: RecordingFile?) -> Backend {
        guard let recording else { return backend }
        return RecordingBackend(base: backend) { recording.append($0) }
    }

    private func printStats(_ driver: StudioDriver) {
        let r = driver.recorder
        print("frame (busy)  \(r.summary())")
        for phase in FramePhase.allCases {
            print("  \(phase.description.padding(toLength: 9, withPad: " ", startingAt: 0))  \(r.summary(of: phase))")
        }
    }
}

/// The end of a window run in which an F6 recording failed: the command exits 1.
struct F6RecordingFailed: Error, CustomStringConvertible {
    let error: VideoError
    var description: String { "F6: \(error); the session's other files are finished" }
}

func printError(_ message: String) {
    ToolName.say("error: \(message)")
}

/// A line on standard error that is neither an error nor a warning: how a run ended.
func printNote(_ message: String) {
    ToolName.say(message)
}
