import ArgumentParser
import Foundation
import StudioFuzz

/// `studio-fuzz`: the structure-aware fuzzer. By default a supervisor runs the pass in a
/// child process and starts a new child after the input that killed one, so a crash is
/// counted and saved and the pass goes on; `--in-process` runs it here.
struct StudioFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio-fuzz",
        abstract:
            "Fuzz studio configurations, scenarios, recordings, command lines, PNG files, danmaku files, live traffic and DevTools connections in-process.",
        discussion: """
            Input n of a pass depends only on --seed, --kinds and n, so a pass is reproducible and \
            --start n --iterations 1 regenerates one input. Each input is written to <out>/current/ \
            before it runs; findings (crash, hang, false success, bad message) are saved under \
            <out>/findings/ with a note saying how to replay them (--replay FILE). Exits 1 when \
            anything was found.
            """
    )

    @Option(help: "Seed of the pass.") var seed: UInt64 = 1
    @Option(help: "Inputs to run.") var iterations: Int = 10_000
    @Option(help: "The first input's number.") var start: Int = 0
    @Option(help: "Stop after this many seconds.") var seconds: Double?
    @Option(help: "Kinds of input, comma-separated: \(FuzzKind.allCases.map(\.rawValue).joined(separator: ",")).")
    var kinds: String = FuzzKind.allCases.map(\.rawValue).joined(separator: ",")
    @Option(name: .customLong("corpus-out"), help: "Also save every accepted input here, by kind.") var corpusOut: String?
    @Option(help: "Folder for the current input, findings and the work folder.") var out: String = "out/fuzz"
    @Option(help: "The checkout's Assets folder (default ./Assets).") var assets: String = "Assets"
    @Option(name: .customLong("hang-seconds"), help: "An input slower than this is a hang.") var hangSeconds: Double = 5
    @Option(help: "Replay a saved input (a finding or a regression file) and print the verdict; repeat it for more.")
    var replay: [String] = []
    @Flag(name: .customLong("in-process"), help: "Run the pass in this process (a crash ends it).") var inProcess = false
    @Flag(name: .customLong("no-render"), help: "Do not rasterize the studios' last frames (faster).") var noRender = false
    @Flag(help: "Print every input's verdict.") var verbose = false
    @Flag(help: .hidden) var child = false

    func validate() throws {
        guard iterations >= 0 else { throw ValidationError("--iterations must be 0 or more (got \(iterations))") }
        guard start >= 0 else { throw ValidationError("--start must be 0 or more (got \(start))") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be more than 0 (got \(seconds))") }
        guard hangSeconds > 0, hangSeconds.isFinite else {
            throw ValidationError("--hang-seconds must be more than 0 (got \(hangSeconds))")
        }
        if case .failure(let error) = FuzzKind.parseList(kinds) { throw ValidationError("--kinds: \(error)") }
    }

    var options: FuzzOptions {
        var o = FuzzOptions(assets: URL(fileURLWithPath: assets), out: URL(fileURLWithPath: out))
        o.seed = seed
        o.iterations = iterations
        o.start = start
        o.seconds = seconds
        o.kinds = (try? FuzzKind.parseList(kinds).get()) ?? FuzzKind.allCases
        o.corpusOut = corpusOut.map { URL(fileURLWithPath: $0) }
        o.hangSeconds = hangSeconds
        o.render = !noRender
        o.verbose = verbose
        return o
    }

    func run() throws {
        if !replay.isEmpty {
            // One fuzzer for them all: the DevTools kind's server starts once.
            let fuzzer = try Fuzzer(options: options)
            var found = false
            for file in replay {
                let verdict = try fuzzer.replay(file: URL(fileURLWithPath: file))
                print("\(file): \(verdict)")
                if case .finding = verdict { found = true }
            }
            if found { throw ExitCode(1) }
            return
        }
        if inProcess || child {
            var o = options
            // A child is ended when an input is stuck, so that the supervisor goes on, and
            // when its supervisor is gone.
            if child {
                o.exitAfterSeconds = max(30, 6 * hangSeconds)
                let parent = getppid()
                Thread.detachNewThread {
                    while getppid() == parent { Thread.sleep(forTimeInterval: 1) }
                    Foundation.exit(1)
                }
            }
            let report = try Fuzzer(options: o).run()
            if !child {
                print(report.table)
                if report.inputs > 0, !report.findings.isEmpty { throw ExitCode(1) }
            }
            return
        }
        let report = try supervise()
        print(report.table)
        if report.stats.values.contains(where: { $0.findingCount > 0 }) { throw ExitCode(1) }
    }

    /// Runs the pass in child processes, one after another: after a child dies on an input,
    /// the input is saved as a crash (or a hang, when the child ended itself on a stuck
    /// input) and a new child goes on from the next input.
    func supervise() throws -> FuzzReport {
        let o = options
        var total = FuzzReport(seed: seed, kinds: o.kinds, start: start)
        let status = o.out.appendingPathComponent("current.txt")
        let began = Date()
        var next = start
        let end = start + iterations
        var deaths = 0
        while next < end {
            guard let args = childArguments(next: next, end: end, began: began) else { break }
            try? FileManager.default.removeItem(at: status)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = args
            try process.run()
            process.waitUntilExit()
            guard let text = try? String(contentsOf: status, encoding: .utf8),
                let header = text.split(separator: "\n").first?.split(separator: " ").map(String.init), header.count == 4,
                let iteration = Int(header[1])
            else {
                throw FuzzUsageError(
                    "the fuzzer stopped before its first input (exit \(process.terminationStatus)); run it with --in-process to see why")
            }
            var part = FuzzReport(seed: seed, kinds: o.kinds, start: next)
            part.stats = FuzzReport.parseStatus(text)
            part.end = iteration
            if header[2] == "done", process.terminationReason == .exit, process.terminationStatus == 0 {
                total.add(part)
                break
            }
            // The child died on input `iteration`: its input is in <out>/current/.
            try recordDeath(of: process, header: header, iteration: iteration, status: status, options: o, into: &part)
            total.add(part)
            next = iteration + 1
            deaths += 1
            if deaths >= 100 {
                FileHandle.standardError.write(Data("studio-fuzz: stopping after 100 crashes\n".utf8))
                break
            }
        }
        total.seconds = Date().timeIntervalSince(began)
        return total
    }

    /// The command line of a child that runs inputs `next..<end`; nil when `--seconds` has
    /// run out since the pass `began`.
    private func childArguments(next: Int, end: Int, began: Date) -> [String]? {
        var args = [
            "--child", "--seed", "\(seed)", "--start", "\(next)", "--iterations", "\(end - next)", "--kinds", kinds,
            "--out", out, "--assets", assets, "--hang-seconds", "\(hangSeconds)",
        ]
        if let seconds {
            let left = seconds - Date().timeIntervalSince(began)
            if left <= 0 { return nil }
            args += ["--seconds", "\(left)"]
        }
        if let corpusOut { args += ["--corpus-out", corpusOut] }
        if noRender { args.append("--no-render") }
        if verbose { args.append("--verbose") }
        return args
    }

    /// Saves the input a child `process` died on (input `iteration`, named in the status
    /// file's `header`) as a crash, or as a hang when the child ended itself, and counts it
    /// in `part`.
    private func recordDeath(
        of process: Process, header: [String], iteration: Int, status: URL, options o: FuzzOptions,
        into part: inout FuzzReport
    ) throws {
        guard let kind = FuzzKind(rawValue: header[2]) else { throw FuzzUsageError("unreadable status in \(status.path)") }
        let hang = process.terminationReason == .exit && process.terminationStatus == Fuzzer.hangExitStatus
        let how =
            hang
            ? "stuck: the child ended itself"
            : process.terminationReason == .uncaughtSignal
                ? "the process died on signal \(process.terminationStatus)" : "the process exited \(process.terminationStatus)"
        let file = o.out.appendingPathComponent("current/\(header[3]).\(kind.fileExtension)")
        let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
        let finding = Fuzzer.record(
            hang ? .hang : .crash, kind, header[3], iteration, how, bytes,
            out: o.out, seed: seed, kinds: o.kinds
        ) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var s = part.stats[kind] ?? KindStats()
        s.inputs += 1
        s.findings[finding.finding, default: 0] += 1
        part.stats[kind] = s
        part.findings.append(finding)
        part.end = iteration + 1
    }
}

StudioFuzzCommand.main()
