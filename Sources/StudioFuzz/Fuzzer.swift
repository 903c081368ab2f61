import Foundation
import StudioKit

/// How a pass runs.
package struct FuzzOptions: Sendable {
    package var seed: UInt64 = 1
    /// Inputs to run, numbered from `start`: input n is the same for the same seed
    /// whatever else ran, so `--start n --iterations 1` replays one.
    package var iterations = 1000
    package var start = 0
    /// Stop early after this many seconds.
    package var seconds: Double?
    package var kinds = FuzzKind.allCases
    /// The checkout's Assets folder: the seeds, and the assets the studios run on.
    package var assets: URL
    /// Where the current input, findings and the work folder go (`out/fuzz`).
    package var out: URL
    /// Also save every accepted input here, by kind.
    package var corpusOut: URL?
    /// An input slower than this is a hang.
    package var hangSeconds = 5.0
    /// Kill the process when one input runs this long (it is stuck; the supervisor records
    /// the hang and goes on). Nil: wait for it.
    package var exitAfterSeconds: Double?
    /// Rasterize the last frame of every studio run.
    package var render = true
    /// Frames a studio runs on a fuzzed configuration, and at most on a fuzzed scenario or
    /// recording (played squeezed into them).
    package var configFrames = 30
    package var playFrames = 120
    /// Frames a loaded danmaku file plays for (its notes squeezed into them): enough for the
    /// notes to reach the widgets and be drawn, few enough that a danmaku input stays cheaper
    /// than the other kinds' (the seeded pass of `make test` does not grow with it).
    package var feedFrames = 6
    /// Report every input's verdict, not only findings.
    package var verbose = false
    /// Where progress and findings are reported.
    package var log: @Sendable (String) -> Void = { OutputCapture.say($0) }

    package init(assets: URL, out: URL) {
        self.assets = assets
        self.out = out
    }
}

/// The fuzzer: generates input n from the seed, writes it to `<out>/current/` before running
/// it (so that if the process dies the input is on disk), runs it in-process through
/// `FuzzTargets` and counts and saves what the oracles find.
package final class Fuzzer {
    package let options: FuzzOptions
    let corpus: Corpus
    let targets: FuzzTargets
    private let cli: CLIMutator
    private let danmaku: DanmakuMutator
    private let live: LiveMutator
    private let devtools: DevToolsMutator
    private var currentFile: URL?
    /// The exit status a process killed for a stuck input ends with.
    package static let hangExitStatus: Int32 = 86

    package init(options: FuzzOptions) throws {
        self.options = options
        let fm = FileManager.default
        for folder in ["current", "findings", "work"] {
            try fm.createDirectory(at: options.out.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        targets = try FuzzTargets(assets: options.assets, work: options.out.appendingPathComponent("work"))
        targets.render = options.render
        targets.configFrames = options.configFrames
        targets.playFrames = options.playFrames
        targets.feedFrames = options.feedFrames
        corpus = try Corpus(assets: options.assets, measurer: targets.measurer)
        cli = CLIMutator(scenario: corpus.scenarios[0], recording: corpus.recordings[0], json: corpus.mutator)
        danmaku = DanmakuMutator(json: corpus.mutator)
        live = LiveMutator(json: corpus.mutator)
        devtools = DevToolsMutator(json: corpus.mutator)
    }

    /// Input `iteration` of the pass: its kind, the name it is read under (a studio kind for
    /// configurations, its seed's name for danmaku files) and its bytes. Depends only on the seed, the kinds and `iteration`.
    package func input(_ iteration: Int) -> (kind: FuzzKind, name: String, bytes: [UInt8]) {
        var rng = SeededRandom(seed: options.seed ^ (UInt64(iteration) &* 0xD1B5_4A32_D192_ED03))
        _ = rng.next()
        let kind = options.kinds[iteration % options.kinds.count]
        // A few inputs stay as they are: the seeds must pass, or the oracles are wrong.
        let keep = rng.chance(0.02)
        let m = corpus.mutator
        switch kind {
        case .config:
            let seed = rng.pick(corpus.configs)
            return (kind, seed.name, keep ? seed.bytes : m.mutate(json: seed.bytes, &rng))
        case .scenario:
            let seed = rng.pick(corpus.scenarios)
            return (kind, "scenario", keep ? seed : m.mutate(jsonLines: seed, &rng))
        case .recording:
            let seed = rng.pick(corpus.recordings)
            return (kind, "recording", keep ? seed : m.mutate(jsonLines: seed, &rng))
        case .cli:
            var seed = rng.pick(corpus.commandLines)
            if keep {
                for name in seed.files.keys { seed.files[name] = Data(name.hasPrefix("scenario") ? cli.scenario : cli.recording) }
            } else {
                seed = cli.mutate(seed, &rng)
            }
            return (kind, "commandline", seed.encoded())
        case .png:
            let seed = rng.pick(corpus.pngs)
            return (kind, "image", keep ? seed : PNGMutator.mutate(seed, &rng))
        case .danmaku:
            let seed = rng.pick(corpus.danmaku)
            return (kind, seed.name, keep ? seed.bytes : danmaku.mutate(seed.bytes, &rng))
        case .live:
            let seed = rng.pick(corpus.live)
            return (kind, seed.name, keep ? seed.bytes : live.mutate(seed.bytes, &rng))
        case .devtools:
            let seed = rng.pick(corpus.devtools)
            return (kind, seed.name, keep ? seed.bytes : devtools.mutate(seed.bytes, &rng))
        }
    }

    /// Runs one input through its target and judges it (no saving, no counting).
    package func check(_ kind: FuzzKind, name: String, bytes: [UInt8]) -> FuzzVerdict {
        targets.check(kind, bytes, name: name)
    }

    /// Replays a saved input (a finding or a regression file); the kind and name come from
    /// the file's name as the fuzzer saves them.
    package func replay(file: URL) throws -> FuzzVerdict {
        let (kind, name) = try Fuzzer.kindAndName(of: file)
        return check(kind, name: name, bytes: [UInt8](try Data(contentsOf: file)))
    }

    /// `pk.json` is a pk configuration, `scenario.jsonl` a scenario, `recording.jsonl` a
    /// recording, `*.cli.json` a command line, `*.png` an image, `*.xml` a danmaku file
    /// (read under its own name, which its messages must name), `*.live` live traffic,
    /// `*.devtools` a DevTools connection.
    package static func kindAndName(of file: URL) throws -> (FuzzKind, String) {
        let base = file.lastPathComponent
        if base.hasSuffix(".cli.json") { return (.cli, "commandline") }
        if base.hasSuffix(".png") { return (.png, "image") }
        if base.hasSuffix(".xml"), base.count > 4 { return (.danmaku, String(base.dropLast(4))) }
        if base.hasSuffix(".live"), base.count > 5 { return (.live, String(base.dropLast(5))) }
        if base.hasSuffix(".devtools"), base.count > 9 { return (.devtools, String(base.dropLast(9))) }
        if base.hasSuffix(".jsonl") { return (base.hasPrefix("recording") ? .recording : .scenario, String(base.dropLast(6))) }
        if base.hasSuffix(".json") { return (.config, String(base.dropLast(5))) }
        throw FuzzUsageError(
            "\(file.path): cannot tell the kind of input from its name; name it <studio kind>.json, scenario.jsonl, recording.jsonl, <name>.cli.json, <name>.png, <name>.xml, <name>.live or <name>.devtools as the fuzzer saves them"
        )
    }

    static func fileName(_ kind: FuzzKind, _ name: String) -> String { "\(name).\(kind.fileExtension)" }

    /// Runs the pass.
    package func run() -> FuzzReport {
        var report = FuzzReport(seed: options.seed, kinds: options.kinds, start: options.start)
        let watchdog = Watchdog(hangSeconds: options.hangSeconds, exitAfter: options.exitAfterSeconds, log: options.log)
        let began = Date()
        let status = options.out.appendingPathComponent("current.txt")
        for iteration in options.start..<(options.start + options.iterations) {
            if let seconds = options.seconds, Date().timeIntervalSince(began) >= seconds { break }
            let (kind, name, bytes) = input(iteration)
            let saved = saveCurrent(kind, name, bytes)
            let header = "\(options.seed) \(iteration) \(kind.rawValue) \(name)\n"
            try? Data((header + report.statusLines + "\n").utf8).write(to: status)
            watchdog.begin("\(kind.rawValue) input \(iteration) (seed \(options.seed)), saved at \(saved.path)")
            let t0 = DispatchTime.now().uptimeNanoseconds
            let ranBefore = targets.ran
            var verdict = targets.check(kind, bytes, name: name)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            watchdog.end()
            if ms > options.hangSeconds * 1000, case .accepted = verdict {
                verdict = .finding(.hang, String(format: "took %.1f s (the limit is %.0f s)", ms / 1000, options.hangSeconds))
            } else if ms > options.hangSeconds * 1000, case .rejected = verdict {
                verdict = .finding(.hang, String(format: "took %.1f s to be refused (the limit is %.0f s)", ms / 1000, options.hangSeconds))
            }
            var s = report.stats[kind] ?? KindStats()
            s.inputs += 1
            s.ran += targets.ran - ranBefore
            s.totalMs += ms
            if ms > s.slowestMs {
                s.slowestMs = ms
                s.slowestIteration = iteration
            }
            switch verdict {
            case .accepted:
                s.accepted += 1
                if let dir = options.corpusOut {
                    Fuzzer.save(bytes, to: dir.appendingPathComponent("\(kind.rawValue)/\(iteration)-\(Fuzzer.fileName(kind, name))"))
                }
            case .rejected: s.rejected += 1
            case .finding(let finding, let detail):
                s.findings[finding, default: 0] += 1
                report.findings.append(record(finding, kind, name, iteration, detail, bytes))
            }
            report.stats[kind] = s
            report.end = iteration + 1
            if options.verbose { options.log(String("\(iteration) \(kind.rawValue) \(name): \(verdict)".prefix(300))) }
        }
        report.seconds = Date().timeIntervalSince(began)
        try? Data(("\(options.seed) \(report.end) done -\n" + report.statusLines + "\n").utf8).write(to: status)
        return report
    }

    func record(
        _ finding: FindingKind, _ kind: FuzzKind, _ name: String, _ iteration: Int, _ detail: String,
        _ bytes: [UInt8]
    ) -> FuzzFinding {
        Fuzzer.record(
            finding, kind, name, iteration, detail, bytes, out: options.out, seed: options.seed,
            kinds: options.kinds, log: options.log)
    }

    /// Saves a finding's input in its own folder under `<out>/findings`, with what happened
    /// and how to replay it, and reports it.
    package static func record(
        _ finding: FindingKind, _ kind: FuzzKind, _ name: String, _ iteration: Int, _ detail: String,
        _ bytes: [UInt8], out: URL, seed: UInt64, kinds: [FuzzKind],
        log: (String) -> Void
    ) -> FuzzFinding {
        let folder = out.appendingPathComponent("findings/\(finding.rawValue)-\(kind.rawValue)-s\(seed)-i\(iteration)")
        let file = folder.appendingPathComponent(fileName(kind, name))
        save(bytes, to: file)
        let note = """
            \(finding.rawValue): \(kind.rawValue) input \(iteration) of seed \(seed)
            \(detail)
            replay: studio-fuzz --replay \(file.path)
            regenerate: studio-fuzz --seed \(seed) --kinds \(kinds.map(\.rawValue).joined(separator: ",")) --start \(iteration) --iterations 1

            """
        save(Array(note.utf8), to: folder.appendingPathComponent("finding.txt"))
        log("studio-fuzz: \(finding.rawValue): \(kind.rawValue) input \(iteration): \(detail.prefix(400)) (saved: \(file.path))")
        return FuzzFinding(finding: finding, kind: kind, iteration: iteration, detail: detail, file: file.path)
    }

    private func saveCurrent(_ kind: FuzzKind, _ name: String, _ bytes: [UInt8]) -> URL {
        let file = options.out.appendingPathComponent("current/\(Fuzzer.fileName(kind, name))")
        if let currentFile, currentFile != file { try? FileManager.default.removeItem(at: currentFile) }
        currentFile = file
        Fuzzer.save(bytes, to: file)
        return file
    }

    static func save(_ bytes: [UInt8], to file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: file)
    }
}

/// Watches the input being run from another thread: reports it once it passes the hang
/// limit, and ends the process when it passes `exitAfter` (a stuck input would otherwise
/// stop the pass for good; its input is already on disk).
final class Watchdog: Sendable {
    private let current = Locked<(label: String, started: Double, reported: Bool)?>(nil)
    private let hangSeconds: Double
    private let exitAfter: Double?
    private let log: @Sendable (String) -> Void

    init(hangSeconds: Double, exitAfter: Double?, log: @escaping @Sendable (String) -> Void) {
        self.hangSeconds = hangSeconds
        self.exitAfter = exitAfter
        self.log = log
        let thread = Thread { [weak self] in
            while let self {
                self.tick()
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
        thread.start()
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func begin(_ label: String) { current.withLock { $0 = (label, Self.now(), false) } }
    func end() { current.withLock { $0 = nil } }

    private func tick() {
        let (label, elapsed, report): (String, Double, Bool) = current.withLock { current in
            guard var c = current else { return ("", 0, false) }
            let elapsed = Self.now() - c.started
            let report = elapsed > hangSeconds && !c.reported
            if report {
                c.reported = true
                current = c
            }
            return (c.label, elapsed, report)
        }
        if report { log("studio-fuzz: hang? \(label) has run for \(String(format: "%.1f", elapsed)) s") }
        if let exitAfter, elapsed > exitAfter {
            log("studio-fuzz: hang: \(label) has run for \(String(format: "%.0f", elapsed)) s; ending the process")
            exit(Fuzzer.hangExitStatus)
        }
    }
}
