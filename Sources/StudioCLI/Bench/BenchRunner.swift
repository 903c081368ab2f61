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
        var files: [BenchReport.FileRead] = []
        if settings.scene == .recording {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-recording-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            files.append(try RecordingFiles.parsed(in: folder, seed: settings.seed))
            if settings.feedFile == nil {
                let (file, read) = try RecordingFiles.playedRecording(in: folder, seed: settings.seed)
                settings.feedFile = file
                files.append(read)
            }
        }
        let rig = try BenchRig(settings: settings)
        defer { rig.driver.shutdown() }
        let driver = rig.driver
        let step = driver.loop.step
        let timer = driver.timer
        let costs = WidgetCostProbe()
        // Tracing records spans with real times on every thread, from the first measured frame.
        let tracer = settings.keepSamples || capture != nil ? Tracer() : nil
        var capture = capture
        let probe: WidgetProbe = tracer.map { TracingProbe(tracer: $0, base: costs) } ?? costs
        var stats = FrameStatistics(keepSamples: settings.keepSamples, secondsPerFrame: step)

        let warmUp = settings.warmUp
        let target = settings.frames ?? settings.seconds.map { max(1, Int(clamping: ($0 / step).rounded())) } ?? 600
        var n = 0
        var measured = 0
        var memoryStart = ResidentMemory.current()
        var wallStart = timer.now()
        var machine = BenchMachine.current()
        var lastProgress = timer.now()
        let useWallSeconds = settings.window && settings.seconds != nil
        var heartBudget = 0.0
        while !driver.isFinished {
            if n == warmUp {
                memoryStart = ResidentMemory.current()
                wallStart = timer.now()
                machine = BenchMachine.current()
                driver.studio.environment.probe = probe
                rig.trace(into: tracer)
            }
            let measuring = n >= warmUp
            if measuring {
                if useWallSeconds { if timer.now() - wallStart >= settings.seconds! { break } }
                else if measured >= target { break }
            }
            // Capturing alone keeps only the frame at hand's spans.
            if measuring, !settings.keepSamples, let tracer { tracer.removeSpans() }
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
            if measuring {
                if driver.studio.environment.probe !== probe { driver.studio.environment.probe = probe }
                costs.frameEnded()
                var counters = rig.counters(timing)
                // Memory over time: every frame when tracing, twice a simulated second otherwise
                // (a reading is a file read).
                if tracer != nil || measured % 30 == 0 { counters.residentBytes = ResidentMemory.current().residentBytes }
                stats.record(FrameSample(start: start, timing: timing, counters: counters))
                if let tracer { capture?.consider(timing, counters: counters, rig: rig, tracer: tracer) }
                measured += 1
                if let progress, timer.now() - lastProgress >= 0.5 {
                    lastProgress = timer.now()
                    let total = useWallSeconds ? "" : "/\(target)"
                    Self.status(String(format: "%@: %.1f s, %d%@ frames, p99 %.2f ms", progress, lastProgress - wallStart,
                                       measured, total, stats.frame.summary.p99 * 1000))
                }
            }
            n += 1
        }
        if progress != nil { Self.status("") }
        machine.loadAtEnd = BenchMachine.loadAverage()
        let memory = BenchReport.Memory(start: memoryStart, end: ResidentMemory.current())
        var warnings: [String] = []
        #if DEBUG
        warnings.append("debug build: numbers are not representative; build with -c release")
        #endif
        if settings.window, !settings.paced, settings.scene != .danmaku {
            warnings.append("unpaced window run: frames back to back, no vsync wait")
        }
        var configuration = settings.description
        configuration["renderer"] = rig.renderDriver
        var report = BenchReport(configuration: configuration, statistics: stats,
                                 simulatedSeconds: Double(measured) * step, wallSeconds: timer.now() - wallStart,
                                 memory: memory, danmaku: rig.danmakuCounts(), topWidgets: costs.top(settings.top),
                                 warnings: warnings)
        report.files = files
        report.machine = machine
        rig.trace(into: nil)
        return Outcome(report: report, samples: stats.samples, distribution: stats.frame.percentileDistribution(),
                       tracer: settings.keepSamples ? tracer : nil, capture: capture)
    }

    /// Rewrites the terminal's last line with `text` (an empty text clears it).
    private static func status(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }
}
