import Foundation
import StudioLive
import Testing

@testable import StudioFuzz

/// The fuzzer as `make test` runs it: a short seeded pass in-process, and the regression
/// inputs of earlier findings replayed.
// Serialized: the command-line checks capture standard output and error for a moment.
@Suite("A short seeded fuzzing pass and the saved regression inputs", .serialized)
struct FuzzPassTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fuzzers' output and files for this test process, removed when it ends.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-fuzz-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: FuzzPassTests.scratch) }
        return url
    }()

    static func fuzzer(
        _ name: String, seed: UInt64 = 20_251_123, iterations: Int = 0, change: (inout FuzzOptions) -> Void = { _ in }
    ) throws -> Fuzzer {
        let out = scratch.appendingPathComponent(name)
        var options = FuzzOptions(assets: root.appendingPathComponent("Assets"), out: out)
        options.seed = seed
        options.iterations = iterations
        // Shorter plays than the long pass: the same entry points, fewer frames each.
        options.render = false
        options.configFrames = 5
        options.playFrames = 30
        change(&options)
        return try Fuzzer(options: options)
    }

    /// Every kind but the DevTools connections, which go to a server that must not share this
    /// test process's concurrency pool (`DevToolsFuzzTests` runs them in `studio-fuzz`).
    static let inProcessKinds = FuzzKind.allCases.filter { $0 != .devtools }

    @Test("a seeded pass over every kind finds no crash, hang, false success or bad message, and every kind gets past its reader")
    func seededPass() throws {
        let report = try Self.fuzzer("pass", iterations: 2000) { $0.kinds = Self.inProcessKinds }.run()
        #expect(report.inputs == 2000)
        for kind in Self.inProcessKinds {
            let stats = try #require(report.stats[kind])
            // Kinds take turns, so each gets a share to within one input.
            #expect(abs(stats.inputs - 2000 / Self.inProcessKinds.count) <= 1, "\(kind): \(stats.inputs) inputs")
            #expect(stats.accepted > 0 && stats.rejected > 0, "\(kind): \(stats.accepted) accepted, \(stats.rejected) rejected")
            #expect(stats.ran > 0, "\(kind): no input got past the reader")
        }
        #expect(
            report.findings.isEmpty,
            "\(report.findings.map { "\($0.finding.rawValue) \($0.kind.rawValue) #\($0.iteration): \($0.detail) (\($0.file))" })")
    }

    @Test("input n depends only on the seed and n, so a pass is reproducible")
    func inputsAreReproducible() throws {
        let a = try Self.fuzzer("a"), b = try Self.fuzzer("b"), c = try Self.fuzzer("c", seed: 7)
        let same = (0..<40).allSatisfy { a.input($0).bytes == b.input($0).bytes && a.input($0).name == b.input($0).name }
        let differs = (0..<40).filter { a.input($0).bytes != c.input($0).bytes }.count
        #expect(same)
        #expect(differs > 30)
    }

    @Test("the repository's own inputs, unmutated, are accepted: the oracles do not cry wolf")
    func seedsAreAccepted() throws {
        let f = try Self.fuzzer("seeds") { $0.render = true }
        for config in f.corpus.configs {
            #expect(f.check(.config, name: config.name, bytes: config.bytes) == .accepted, "\(config.name).json")
        }
        for scenario in f.corpus.scenarios { #expect(f.check(.scenario, name: "scenario", bytes: scenario) == .accepted) }
        for recording in f.corpus.recordings { #expect(f.check(.recording, name: "recording", bytes: recording) == .accepted) }
        for png in f.corpus.pngs { #expect(f.check(.png, name: "image", bytes: png) == .accepted) }
        #expect(f.corpus.live.count >= 6, "recorded and encoded live traffic: \(f.corpus.live.map(\.name))")
        for seed in f.corpus.live { #expect(f.check(.live, name: seed.name, bytes: seed.bytes) == .accepted, "\(seed.name).live") }
        for var line in f.corpus.commandLines where line.run {
            for name in line.files.keys where !name.hasSuffix(".avi") {
                line.files[name] = Data(name.hasPrefix("scenario") ? f.corpus.scenarios[0] : f.corpus.recordings[0])
            }
            let verdict = f.check(.cli, name: "commandline", bytes: line.encoded())
            // A session goes on without a video it cannot play; a command that makes a file
            // refuses it.
            let playsVideo = line.args.contains("--video") || line.args.contains("--opponent-video")
            let refusal: String? =
                switch (line.pipes?.isEmpty == false, line.files.keys.contains("bad.avi")) {
                case (true, _) where !playsVideo || line.args.first != "run": "named pipe"
                case (_, true) where line.args.first != "run": "decoded no picture"
                default: nil
                }
            if let refusal {
                // Refused at once, with a message that names the file and why.
                guard case .rejected(let message) = verdict else {
                    Issue.record("\(line.args): \(verdict)")
                    continue
                }
                #expect(message.contains(refusal), "\(message)")
            } else {
                #expect(verdict == .accepted, "\(line.args)")
            }
        }
        #expect(f.corpus.commandLines.contains { $0.files.keys.contains("bad.avi") }, "the undecodable video's seed")
    }

    @Test(
        "live traffic: a compression bomb and a lying length are refused with what the limit is; broken framing is the fuzzer's own fault")
    func liveOracle() throws {
        let f = try Self.fuzzer("live")
        let zeros = [UInt8](repeating: 0, count: LiveCompression.maximumOutput + 1)
        let bomb = LivePacket(version: .zlib, operation: .message, body: LiveCompression.deflate(zeros)).bytes
        guard case .rejected(let why) = f.check(.live, name: "bomb", bytes: LiveTraffic.file([bomb])) else {
            Issue.record("a zlib bomb was not refused")
            return
        }
        #expect(why.contains("\(LiveCompression.maximumOutput)") || why.contains("MB"), "\(why)")
        var lying = LivePacket(operation: .message, json: #"{"cmd":"LIVE"}"#).bytes
        lying[0...3] = [0x7F, 0xFF, 0xFF, 0xFF]
        guard case .rejected(let length) = f.check(.live, name: "lying", bytes: LiveTraffic.file([lying])) else {
            Issue.record("a packet claiming 2 GB was not refused")
            return
        }
        #expect(length.contains("limit"), "\(length)")
        if case .finding(.falseSuccess, _) = f.check(.live, name: "cut", bytes: [0, 0, 1]) {
        } else {
            Issue.record("a file that is not the fuzzer's framing passed")
        }
    }

    @Test("the message oracle refuses empty messages, raw Foundation dumps and messages that do not name the file")
    func messageOracle() {
        #expect(FuzzTargets.judge(" \n") == .finding(.badMessage, "the error message is empty"))
        if case .finding(.badMessage, _) = FuzzTargets.judge(
            "The operation could not be completed. (Error Domain=NSCocoaErrorDomain Code=260)")
        {
        } else {
            Issue.record("a raw NSError passed")
        }
        if case .finding(.badMessage, _) = FuzzTargets.judge("keyNotFound: Swift.DecodingError.Context(...)") {
        } else {
            Issue.record("a raw DecodingError passed")
        }
        if case .finding(.badMessage, _) = FuzzTargets.judge("line 3: bad time", file: "/tmp/x/scenario.jsonl") {
        } else {
            Issue.record("a message without the file passed")
        }
        #expect(
            FuzzTargets.judge("/tmp/x/scenario.jsonl:3: bad time", file: "/tmp/x/scenario.jsonl")
                == .rejected("/tmp/x/scenario.jsonl:3: bad time"))
    }

    @Test("a snapshot's success counts only with a whole 720x1280 PNG at --out")
    func falseSuccessOracle() throws {
        let f = try Self.fuzzer("false-success")
        let shot = CLIInput(
            args: ["snapshot", "--kind", "pk", "--frames", "1", "--out", "@dir/shot.png", "--assets", "@assets"], run: true)
        #expect(f.check(.cli, name: "commandline", bytes: shot.encoded()) == .accepted)
        let png = f.options.out.appendingPathComponent("work/cli/shot.png").path
        #expect(FuzzTargets.problem(withShot: png) == nil)
        let bytes = try #require(FileManager.default.contents(atPath: png))
        let cut = f.options.out.appendingPathComponent("cut.png").path
        #expect(FileManager.default.createFile(atPath: cut, contents: bytes.prefix(bytes.count - 1)))
        #expect(FuzzTargets.problem(withShot: cut)?.contains("IEND") == true)
        #expect(FuzzTargets.problem(withShot: cut + ".missing")?.contains("was not written") == true)
        #expect(FileManager.default.createFile(atPath: cut, contents: Data("not a png".utf8)))
        #expect(FuzzTargets.problem(withShot: cut)?.contains("not a 720x1280 PNG") == true)
    }

    @Test("every saved regression input replays without a finding")
    func regressions() throws {
        let folder = Self.root.appendingPathComponent("Tests/StudioFuzzTests/FuzzRegressions")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { (try? Fuzzer.kindAndName(of: $0)).map { $0.0 != .devtools } ?? false }
        #expect(files.count >= 5, "the regression folder holds \(files.count) inputs")
        let f = try Self.fuzzer("regressions") { $0.render = true }
        for file in files {
            if case .finding(let kind, let detail) = try f.replay(file: file) { Issue.record("\(file.path): \(kind.rawValue): \(detail)") }
        }
    }
}
