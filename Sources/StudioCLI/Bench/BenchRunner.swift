import Foundation
import StudioBench
import StudioKit
import StudioProfiler
import StudioSDL
import Studios

/// Runs one bench: builds the scene on a backend, runs warm-up frames, then the measured
/// frames, and turns them into a `BenchReport` (and samples, for a trace).
struct BenchRunner {
    let settings: BenchSettings
    /// When set, a progress line (this label, elapsed time, frames, the p99 so far) is kept
    /// on standard error, every half second, and cleared at the end.
    var progress: String?
    /// Saves the slow frames (`--capture-slow`); tracing runs for it.
    var capture: SlowFrameCapture?
    /// Attaches a tool to the room's driver before the warm-up (`--devtools`), and returns
    /// what detaches it after the run.
    var attach: ((StudioDriver) throws -> () -> Void)?
    /// When set, a signal it caught ends the measuring at the next frame: the report then
    /// covers the frames measured so far (a long soak stopped by Ctrl-C keeps them).
    var signals: SignalWatch?

    /// Stopped by a signal before any frame was measured: there is nothing to report.
    struct StoppedInWarmUp: Error {
        let signo: Int32
    }

    struct Outcome {
        var report: BenchReport
        var samples: [FrameSample]
        /// The busy times' percentile distribution, HdrHistogram's `.hgrm` text.
        var distribution: String
        /// What the measured frames did on each thread, when tracing.
        var tracer: Tracer?
        /// The slow frames saved, when capturing.
        var capture: SlowFrameCapture?

        /// The run with the median busy p50, carrying every run's metrics (`BenchReport.runs`)
        /// when there were several.
        static func median(of outcomes: [Outcome]) -> Outcome {
            guard outcomes.count > 1 else { return outcomes[0] }
            var median = outcomes.sorted { $0.report.frameTime.p50 < $1.report.frameTime.p50 }[outcomes.count / 2]
            median.report.runs = outcomes.map { BenchComparison.metrics(of: $0.report) }
            return median
        }
    }

    func run() throws -> Outcome {
        var settings = settings
        let files = try Self.recordingFiles(for: &settings)
        let rig = try BenchRig(settings: settings)
        defer { rig.driver.shutdown() }
        let detach = try attach?(rig.driver)
        defer { detach?() }
        let costs = WidgetCostProbe()
        // Tracing records spans with real times on every thread, from the first measured frame.
        let tracer = settings.keepSamples || capture != nil ? Tracer() : nil
        var loop = FrameLoop(
            settings: settings, rig: rig, costs: costs, tracer: tracer, capture: capture,
            progress: progress, signals: signals)
        try loop.run()
        if progress != nil { Self.status("") }
        if loop.measured == 0, let signo = signals?.caught { throw StoppedInWarmUp(signo: signo) }
        return outcome(of: loop, files: files)
    }

    /// The recording scene's files, made in a temporary folder removed after: the danmaku
    /// file loaded as `--feed-file` loads it (timed) and, unless a feed file is given, the recording played,
    /// which becomes `settings.feedFile`. None for the other scenes.
    private static func recordingFiles(for settings: inout BenchSettings) throws -> [BenchReport.FileRead] {
        var files: [BenchReport.FileRead] = []
        guard settings.scene == .recording else { return files }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        files.append(
            try RecordingFiles.loaded(in: folder, seed: settings.seed, lines: settings.fileLines, keep: settings.keepFile))
        if settings.feedFile == nil {
            let (file, read) = try RecordingFiles.playedRecording(in: folder, seed: settings.seed)
            settings.feedFile = file
            files.append(read)
        }
        return files
    }

    /// The run's report, from the frames `loop` measured, and what goes with it.
    private func outcome(of loop: FrameLoop, files: [BenchReport.FileRead]) -> Outcome {
        let settings = loop.settings
        let rig = loop.rig
        var machine = loop.machine
        machine.loadAtEnd = BenchMachine.loadAverage()
        let memory = BenchReport.Memory(start: loop.memoryStart, end: ResidentMemory.current())
        var warnings = Self.warnings(for: settings)
        let advanced = loop.stats.count + loop.stats.profiled.count, measured = loop.stats.measured
        if measured > 0, Double(advanced) < 0.95 * Double(measured) {
            warnings.append(
                "only \(advanced) of the \(measured) measured frames (\(Int(clamping: advanced * 100 / measured))%) advanced the simulation: "
                    + "the others came before a step was due and did nothing; they are left out of the percentiles (pace the run, `--paced`, or give it more load)"
            )
        }
        var configuration = settings.description
        configuration["renderer"] = rig.renderDriver
        var report = BenchReport(
            configuration: configuration, statistics: loop.stats,
            simulatedSeconds: Double(loop.steps) * loop.step,
            wallSeconds: rig.driver.timer.now() - loop.wallStart,
            memory: memory, danmaku: rig.danmakuCounts(), topWidgets: loop.costs.top(settings.top),
            warnings: warnings)
        report.files = files
        report.machine = machine
        rig.trace(into: nil)
        return Outcome(
            report: report, samples: loop.stats.samples, distribution: loop.stats.frame.percentileDistribution(),
            tracer: settings.keepSamples ? loop.tracer : nil, capture: loop.capture)
    }

    /// What makes the numbers less telling than they look.
    private static func warnings(for settings: BenchSettings) -> [String] {
        var warnings: [String] = []
        #if DEBUG
        warnings.append("debug build: numbers are not representative; build with -c release")
        #endif
        if settings.window, !settings.paced, settings.scene != .danmaku {
            warnings.append("unpaced window run: frames back to back, no vsync wait")
        }
        return warnings
    }

    /// The frames of one run, the warm-up's then the measured ones, and what the measured
    /// ones add up to.
    private struct FrameLoop {
        let settings: BenchSettings
        let rig: BenchRig
        let costs: WidgetCostProbe
        let tracer: Tracer?
        /// What measures widgets in a profiled frame: the cost table (unless `--top 0`), and
        /// the trace's spans; in the others only the trace's.
        let probe: WidgetProbe?
        let plainProbe: WidgetProbe?
        let progress: String?
        let step: Double
        /// Frames to measure, unless `useWallSeconds`.
        let target: Int
        /// In a window, `--seconds` counts real seconds.
        let useWallSeconds: Bool
        var capture: SlowFrameCapture?
        var stats: FrameStatistics
        /// Frames run (the warm-up's too), frames measured, and the fixed steps they ran.
        var n = 0
        var measured = 0
        var steps = 0
        var memoryStart: ResidentMemory
        var wallStart: Double
        var machine: BenchMachine
        var lastProgress: Double
        var heartBudget = 0.0
        let signals: SignalWatch?

        init(
            settings: BenchSettings, rig: BenchRig, costs: WidgetCostProbe, tracer: Tracer?,
            capture: SlowFrameCapture?, progress: String?, signals: SignalWatch? = nil
        ) {
            self.signals = signals
            self.settings = settings
            self.rig = rig
            self.costs = costs
            self.tracer = tracer
            self.capture = capture
            self.progress = progress
            let step = rig.driver.loop.step
            let timer = rig.driver.timer
            self.step = step
            let table: WidgetProbe? = settings.top > 0 ? costs : nil
            probe = tracer.map { TracingProbe(tracer: $0, base: table) } ?? table
            plainProbe = tracer.map { TracingProbe(tracer: $0, base: nil) }
            stats = FrameStatistics(keepSamples: settings.keepSamples, secondsPerFrame: step)
            target = settings.frames ?? settings.seconds.map { max(1, Int(clamping: ($0 / step).rounded())) } ?? 600
            memoryStart = ResidentMemory.current()
            wallStart = timer.now()
            machine = BenchMachine.current()
            lastProgress = timer.now()
            useWallSeconds = settings.window && settings.seconds != nil
        }

        /// Runs frames until the driver finishes or the measured frames are all run.
        mutating func run() throws {
            defer { rig.driver.backend.stop() }
            let warmUp = settings.warmUp
            while !rig.driver.isFinished, signals?.caught == nil {
                if n == warmUp { startMeasuring() }
                let measuring = n >= warmUp
                if measuring, isDone() { break }
                // Capturing alone keeps only the frame at hand's spans.
                if measuring, !settings.keepSamples, let tracer { tracer.removeSpans() }
                let profiling = measuring && settings.top > 0 && measured % BenchReport.profileEvery == 0
                if measuring { profile(profiling) }
                let (start, timing) = try runFrame()
                if measuring { record(timing, start: start, profiled: profiling) }
                n += 1
            }
        }

        /// At the first measured frame: the starting readings, the probe and the tracing.
        private mutating func startMeasuring() {
            memoryStart = ResidentMemory.current()
            wallStart = rig.driver.timer.now()
            machine = BenchMachine.current()
            rig.trace(into: tracer)
        }

        /// Turns the widget and draw-item timing on for the next frame, or off.
        private func profile(_ on: Bool) {
            let wanted = on ? probe : plainProbe
            if rig.driver.studio.environment.probe !== wanted { rig.driver.studio.environment.probe = wanted }
            rig.measuresItemCosts = on
        }

        /// Whether the measured frames are all run: the seconds (real ones) or the frames asked for.
        private func isDone() -> Bool {
            if useWallSeconds { return rig.driver.timer.now() - wallStart >= settings.seconds! }
            return measured >= target
        }

        /// One frame: the hearts due, the frame, and the sleep to its deadline when paced.
        private mutating func runFrame() throws -> (start: Double, timing: FrameTiming) {
            let driver = rig.driver
            let timer = driver.timer
            rig.beforeFrame()
            if let rate = settings.heartsPerSecond, rate > 0 {
                heartBudget += rate * step
                rig.spawnHearts(Int(clamping: heartBudget))
                heartBudget -= heartBudget.rounded(.down)
            }
            let start = timer.now()
            var timing = try driver.runFrame()
            if settings.paced {
                let before = timer.now()
                let deadline = start + step
                if deadline > before { usleep(useconds_t((deadline - before) * 1e6)) }
                timing[.pace] = timer.now() - before
                driver.recorder.replaceLast(timing)
            }
            rig.afterFrame()
            return (start, timing)
        }

        /// Counts a measured frame: its costs and sample, the slow-frame capture, the progress line.
        private mutating func record(_ timing: FrameTiming, start: Double, profiled: Bool) {
            if profiled {
                costs.recordRaster(itemNanos: rig.itemRasterNanos)
                costs.frameEnded()
            }
            var counters = rig.counters(timing)
            // Memory over time: every frame when tracing, twice a simulated second otherwise
            // (a reading is a file read), in frames that count.
            if tracer != nil || (measured % 30 == 0 && !profiled) { counters.residentBytes = ResidentMemory.current().residentBytes }
            stats.record(FrameSample(start: start, timing: timing, counters: counters), profiled: profiled)
            if let tracer { capture?.consider(timing, counters: counters, rig: rig, tracer: tracer) }
            measured += 1
            steps += timing.steps
            showProgress()
        }

        /// The progress line, every half second, when there is one.
        private mutating func showProgress() {
            let timer = rig.driver.timer
            guard let progress, timer.now() - lastProgress >= 0.5 else { return }
            lastProgress = timer.now()
            let total = useWallSeconds ? "" : "/\(target)"
            BenchRunner.status(
                String(
                    format: "%@: %.1f s, %d%@ frames, p99 %.2f ms", progress, lastProgress - wallStart,
                    measured, total, stats.frame.summary.p99 * 1000))
        }
    }

    /// Rewrites the terminal's last line with `text` (an empty text clears it).
    private static func status(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }
}
