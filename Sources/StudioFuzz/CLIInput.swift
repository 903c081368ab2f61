import Foundation
import StudioKit

/// A `studio` command line with the files it names, saved as one JSON file so that a
/// finding replays anywhere. Paths are written `@dir/<name>` and become the fuzzer's work
/// folder when run; `@assets` is the checkout's Assets folder. `run` asks for the command
/// to be run in-process after it parses (when it is a short headless one).
struct CLIInput: Codable, Equatable {
    var args: [String]
    /// File name (under `@dir`) to contents, base64 in the saved JSON.
    var files: [String: Data] = [:]
    /// Names (under `@dir`) made as named pipes that nothing writes to: a command that opened
    /// one to read would wait for ever, which the watchdog calls a hang.
    var pipes: [String]? = nil
    var run = false

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    static func decode(_ bytes: [UInt8]) throws -> CLIInput {
        try JSONDecoder().decode(CLIInput.self, from: Data(bytes))
    }

    /// The arguments with `@dir` and `@assets` replaced.
    func materialized(dir: String, assets: String) -> [String] {
        args.map { $0.replacingOccurrences(of: "@dir", with: dir).replacingOccurrences(of: "@assets", with: assets) }
    }
}

/// Valid command lines for each subcommand, and their mutations.
struct CLIMutator {
    var scenario: [UInt8]
    var recording: [UInt8]
    var json: Mutator

    /// Options and flags of every subcommand, to insert anywhere.
    static let options = [
        "--kind", "--room", "--seed", "--frames", "--at-time", "--scenario", "--mode", "--layer", "--replay", "--at",
        "--out", "--assets", "--session", "--screenshot", "--size", "--record", "--state-out", "--scene", "--seconds",
        "--comments-per-second", "--hearts-per-second", "--gifts-per-second", "--danmaku", "--widgets-multiplier",
        "--trace", "--report", "--top", "--warm-up", "--video", "--opponent-video",
    ]
    static let flags = [
        "--exploded", "--bounds", "--json", "--all", "--headless", "--software", "--no-vsync", "--stats",
        "--window", "--paced", "--unpaced", "--micro", "-h", "--help", "--version", "--",
    ]
    /// Values that test a number option's parsing and range check.
    static let numbers = [
        "0", "-0", "1", "-1", "2", "0.5", "1e308", "-1e308", "1e21", "nan", "-nan", "inf", "-inf", "infinity",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "4.9e-324", "1e-320", "0x10", "1_000", "", " 2", "2 ", "+5", "2.0", "٣", "0.016", "0.0001",
        "216000", "216001", "5184000", "150", "150.0001", "3600",
    ]
    static let words = [
        "pk", "host", "audience", "shopping", "hostsLoop", "coStream", "financial", "playback", "quiz", "claw",
        "PK", "normal", "lite", "landscape", "background", "displayer", "movable", "float", "room", "danmaku", "full",
        "studio://room/104?type=pk", "studio://room/-1?type=pk", "studio://room/99999999999999999999?type=pk",
        "studio://room/110?type=host", "studio://", "studio://room/1", "http://x", "405x720", "0x0", "1x99999999",
        "-5x5", "@dir", "@dir/missing.jsonl", "@dir/out.png/inside.png", "@assets", "@assets/images",
        "/nonexistent/x", "@dir/pipe", "/dev/zero", "/proc/self/mem", "@dir/bad.avi", "👩‍👩‍👧‍👦", String(repeating: "x", count: 100 * 1024), "-",
        "--", "=", "host,pk",
    ]

    /// `video`: a video file's bytes for the seeds that play one (`Tests/Fixtures/Video`).
    static func seeds(assetsPlaceholder a: String = "@assets", video: Data? = nil) -> [CLIInput] {
        let out = "@dir/out.png"
        var seeds = commandSeeds(assetsPlaceholder: a, out: out)
        for kind in ["pk", "financial", "audience"] {
            seeds.append(
                CLIInput(
                    args: ["snapshot", "--kind", kind, "--scenario", "@dir/scenario.jsonl", "--frames", "2", "--out", out, "--assets", a],
                    files: ["scenario.jsonl": Data()], run: true))
        }
        seeds.append(
            CLIInput(
                args: ["snapshot", "--replay", "@dir/input.jsonl", "--at", "2", "--out", out, "--assets", a],
                files: ["input.jsonl": Data()], run: true))
        seeds.append(
            CLIInput(
                args: ["run", "--headless", "--frames", "2", "--scenario", "@dir/scenario.jsonl", "--assets", a],
                files: ["scenario.jsonl": Data()], run: true))
        seeds.append(CLIInput(args: ["run", "--headless", "--frames", "2", "--record", "@dir/record.jsonl", "--assets", a], run: true))
        // Pipes where files are read, and a video FFmpeg opens but cannot decode.
        for (flag, extra) in [
            ("--feed-file", [String]()), ("--video", []), ("--opponent-video", []), ("--scenario", []),
            ("--replay", ["--at", "2"]),
        ] {
            seeds.append(
                CLIInput(
                    args: ["snapshot", "--kind", "pk", "--frames", "2", flag, "@dir/pipe", "--out", out, "--assets", a]
                        + extra, pipes: ["pipe"], run: true))
        }
        // A session warns and goes on without a video it cannot play, where a command that
        // makes a file refuses it.
        for flag in ["--video", "--opponent-video"] {
            seeds.append(
                CLIInput(
                    args: ["run", "--headless", "--room", "studio://room/104?type=pk", "--frames", "2", flag, "@dir/pipe", "--assets", a],
                    pipes: ["pipe"], run: true))
        }
        if let video {
            for command in [["snapshot", "--kind", "audience", "--out", out], ["run", "--headless"]] {
                seeds.append(
                    CLIInput(
                        args: command + ["--frames", "2", "--video", "@dir/bad.avi", "--assets", a],
                        files: ["bad.avi": video], run: true))
            }
        }
        return seeds
    }

    /// Seeds that read no file from `@dir`: each subcommand with some of its options (a
    /// picture is written to `out`), a bare command line and a help request.
    private static func commandSeeds(assetsPlaceholder a: String, out: String) -> [CLIInput] {
        [
            CLIInput(args: ["snapshot", "--kind", "pk", "--frames", "2", "--out", out, "--assets", a], run: true),
            CLIInput(args: ["snapshot", "--kind", "audience", "--mode", "lite", "--frames", "2", "--out", out, "--assets", a], run: true),
            CLIInput(args: ["snapshot", "--kind", "shopping", "--at-time", "0.03", "--out", out, "--assets", a], run: true),
            CLIInput(
                args: ["snapshot", "--kind", "financial", "--mode", "landscape", "--frames", "2", "--out", out, "--assets", a], run: true),
            CLIInput(
                args: [
                    "snapshot", "--room", "studio://room/104?type=pk", "--layer", "float", "--frames", "2", "--out", out, "--assets", a,
                ], run: true),
            CLIInput(args: ["snapshot", "--kind", "claw", "--exploded", "--frames", "2", "--out", out, "--assets", a], run: true),
            CLIInput(
                args: ["snapshot", "--kind", "quiz", "--bounds", "--seed", "9", "--frames", "2", "--out", out, "--assets", a], run: true),
            CLIInput(args: ["dump", "--kind", "coStream", "--frames", "2", "--assets", a], run: true),
            CLIInput(args: ["dump", "--json", "--kind", "playback", "--frames", "2", "--assets", a], run: true),
            CLIInput(args: ["audit", "--kind", "hostsLoop", "--frames", "2", "--assets", a], run: true),
            CLIInput(args: ["run", "--headless", "--frames", "2", "--screenshot", out, "--assets", a], run: true),
            CLIInput(args: ["run", "--session", "host", "--headless", "--frames", "2", "--seed", "3", "--assets", a], run: true),
            CLIInput(args: ["run", "--frames", "600", "--size", "405x720", "--room", "studio://room/104?type=pk"]),
            CLIInput(args: ["bench", "--kind", "pk", "--frames", "60", "--warm-up", "0", "--json"]),
            CLIInput(args: ["bench", "--scene", "danmaku", "--danmaku", "200", "--seconds", "1", "--comments-per-second", "30"]),
            CLIInput(args: ["audit", "--all", "--json"]),
            CLIInput(args: []),
            CLIInput(args: ["snapshot", "--help"]),
        ]
    }

    func mutate(_ seed: CLIInput, _ rng: inout SeededRandom) -> CLIInput {
        var input = seed
        // The named files start as the repository's scenario and recording, often mutated.
        for name in input.files.keys where !name.hasSuffix(".avi") {
            let base = name.hasPrefix("scenario") ? scenario : recording
            input.files[name] = Data(rng.chance(0.6) ? json.mutate(jsonLines: base, &rng) : base)
        }
        var args = input.args
        for _ in 0..<(rng.chance(0.2) ? 0 : 1 + rng.index(below: 3)) {
            let i = args.isEmpty ? 0 : rng.index(below: args.count)
            switch rng.index(below: 12) {
            case 0...4:
                // A value after an option (or a joined one) replaced by an edge value.
                let values = args.indices.filter { $0 > 0 && args[$0 - 1].hasPrefix("--") && !args[$0].hasPrefix("--") }
                guard let v = values.isEmpty ? nil : rng.pick(values) else { continue }
                args[v] = rng.chance(0.6) ? rng.pick(Self.numbers) : rng.pick(Self.words)
                if rng.chance(0.2) {
                    args[v - 1] += "=" + args[v]
                    args.remove(at: v)
                }
            case 5 where !args.isEmpty: args.remove(at: i)
            case 6 where !args.isEmpty: args.insert(args[i], at: rng.index(below: args.count + 1))
            case 7:
                args.insert(
                    contentsOf: [rng.pick(Self.options), rng.chance(0.5) ? rng.pick(Self.numbers) : rng.pick(Self.words)],
                    at: rng.index(below: args.count + 1))
            case 8: args.insert(rng.pick(Self.flags), at: rng.index(below: args.count + 1))
            case 9 where args.count > 1: args.swapAt(i, rng.index(below: args.count))
            case 10:
                args.insert(
                    rng.pick(["--bogus", "extra", "-x", "--kind=", "--frames=", "help", "snapshot", "RUN", "-", "—frames"]),
                    at: rng.index(below: args.count + 1))
            default:
                if !args.isEmpty { args[0] = rng.pick(["run", "snapshot", "dump", "audit", "bench", "help", "Snapshot", ""]) }
            }
        }
        input.args = args
        return input
    }
}
