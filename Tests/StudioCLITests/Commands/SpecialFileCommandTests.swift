import CommandFixtures
import Foundation
import Testing

/// Paths that name something other than a regular file, or lead out of the Assets folder,
/// given as a user or a configuration gives them. A named pipe with no writer used to block
/// every command for ever, and a configuration could name any file on the machine. Now each
/// is refused at once with one line naming the flag or the key, the path and the reason,
/// and what was running goes on where it can (a video that cannot play leaves the room its
/// drawn picture).
@Suite("pipes, devices and paths out of Assets", .serialized)
struct SpecialFileCommandTests {
    /// A folder with a named pipe that nothing writes to, and a copy of the Assets to edit.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-special-\(UUID().uuidString)")
        var fifo: String { url.appendingPathComponent("pipe").path }
        var out: String { url.appendingPathComponent("shot.png").path }
        var assets: URL { url.appendingPathComponent("Assets") }

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try #require(mkfifo(fifo, 0o644) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// The Assets copied, with the audience kind's video given `file` as its option.
        func assetsWithVideo(_ file: String) throws -> URL {
            try FileManager.default.copyItem(atPath: BuiltStudio.assets, toPath: assets.path)
            let config = assets.appendingPathComponent("studios/audience.json")
            let text = try String(contentsOf: config, encoding: .utf8)
            let edited = text.replacingOccurrences(
                of: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true }",
                with: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true, "
                    + "\"options\": { \"file\": \"\(file)\" } }")
            try #require(edited != text)
            try edited.write(to: config, atomically: true, encoding: .utf8)
            return assets
        }
    }

    static let assets = BuiltStudio.assets

    @Test(
        "a named pipe given to a flag that reads a file is refused at once, naming the flag and the pipe",
        .timeLimit(.minutes(2)), arguments: ["--feed-file", "--scenario", "--replay"])
    func pipeRefused(_ flag: String) throws {
        let s = try Scratch()
        let extra = flag == "--replay" ? ["--at", "1"] : []
        let r = try StudioProcess.run(
            [
                "snapshot", "--kind", "audience", "--frames", "2", flag, s.fifo, "--out", s.out,
                "--assets", Self.assets,
            ] + extra)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains(s.fifo) && r.stderr.contains("named pipe (FIFO), not a file"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.out))
    }

    @Test(
        "a pipe, a folder or a device as --video or --opponent-video fails a command that makes a file, naming the flag",
        .timeLimit(.minutes(2)),
        arguments: ["snapshot", "dump", "record"], ["--video", "--opponent-video"])
    func unusableVideo(_ command: String, _ flag: String) throws {
        let s = try Scratch()
        let out =
            switch command {
            case "dump": ["--frames", "2"]
            case "record": ["--seconds", "0.1", "--out", s.url.appendingPathComponent("r.mp4").path]
            default: ["--frames", "2", "--out", s.out]
            }
        for (path, reason) in [
            (s.fifo, "it is a named pipe (FIFO), not a file"), (s.url.path, "it is a folder"),
            ("/dev/urandom", "it is a device, not a file"),
        ] {
            let r = try StudioProcess.run(
                [command, "--kind", "pk", flag, path, "--assets", Self.assets] + out)
            #expect(r.status == 1, "\(command) \(flag) \(path): \(r.stderr)")
            #expect(r.stderr.hasPrefix("studio: error: \(flag): cannot play \(path): \(reason)"), "\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(r.stdout.prefix(200))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.url.path) == ["pipe"], "nothing written")
    }

    @Test(
        "a device, an empty path or /proc/self/mem as --feed-file is refused in LiveStudio's words",
        .timeLimit(.minutes(2)),
        arguments: [
            ("/dev/zero", "it is a device, not a file"),
            ("", "--feed-file is empty"),
            ("/proc/self/mem", "Input/output error"),
        ])
    func feedFileRefused(_ given: (path: String, reason: String)) throws {
        let s = try Scratch()
        let r = try StudioProcess.run([
            "snapshot", "--kind", "audience", "--frames", "2", "--feed-file", given.path,
            "--out", s.out, "--assets", Self.assets,
        ])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("studio: error: --feed-file"), "\(r.stderr)")
        #expect(r.stderr.contains(given.reason), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("permission"), "\(r.stderr)")
    }

    @Test(
        "bench's --baseline on a pipe and --capture-slow on a device are refused in LiveStudio's words",
        .timeLimit(.minutes(2)))
    func benchFiles() throws {
        let s = try Scratch()
        let baseline = try StudioProcess.run(["bench", "--frames", "5", "--baseline", s.fifo, "--assets", Self.assets])
        #expect(baseline.status != 0)
        #expect(
            baseline.stderr.contains("--baseline \(s.fifo): cannot be read (it is a named pipe (FIFO), not a file"),
            "\(baseline.stderr)")
        let capture = try StudioProcess.run(["bench", "--frames", "5", "--capture-slow", "/dev/null", "--assets", Self.assets])
        #expect(capture.status != 0)
        #expect(
            capture.stderr.contains("--capture-slow /dev/null: it is a file, a pipe or a device, not a folder"),
            "\(capture.stderr)")
        for result in [baseline, capture] {
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("permission"), "\(result.stderr)")
        }
    }

    @Test(
        "bench's outputs on a pipe that nobody reads fail at once, naming the option; they used to wait for ever",
        .timeLimit(.minutes(2)), arguments: ["--report", "--trace", "--html", "--hgrm"])
    func benchOutputOnPipe(_ flag: String) throws {
        let s = try Scratch()
        let r = try StudioProcess.run(["bench", "--frames", "3", "--warm-up", "1", flag, s.fifo, "--assets", Self.assets])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "cannot write \(s.fifo): it is a named pipe (FIFO) that no program is reading; start its reader first; choose another \(flag)"
            ),
            "\(r.stderr)")
    }

    @Test(
        "a signal ends bench while it waits to write to a pipe that is opened but never read",
        .timeLimit(.minutes(3)))
    func signalWhileWriting() throws {
        let s = try Scratch()
        // A reader that is there, so the pipe opens, and never reads, so the trace's writes
        // wait once the pipe's buffer is full.
        let reader = open(s.fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let bench = Process()
        bench.executableURL = BuiltStudio.binary
        bench.arguments = ["bench", "--frames", "600", "--warm-up", "1", "--trace", s.fifo, "--quiet", "--assets", Self.assets]
        bench.standardOutput = FileHandle.nullDevice
        bench.standardError = FileHandle.nullDevice
        try bench.run()
        // Bytes in the pipe: bench has measured and is writing (the trace is far larger than
        // the pipe holds, so it waits there). A signal before that would only stop the
        // measuring, as the first signal does.
        var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        let writing = poll(&ready, 1, 90_000) == 1
        #expect(writing, "bench wrote nothing into the pipe within 90 s")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(bench.isRunning, "bench ended before it could be stopped writing")
        let sent = Date()
        kill(bench.processIdentifier, SIGTERM)
        while bench.isRunning, Date().timeIntervalSince(sent) < 5 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!bench.isRunning, "SIGTERM did not end it within 5 s")
        if bench.isRunning { kill(bench.processIdentifier, SIGKILL) }
        bench.waitUntilExit()
        #expect(bench.terminationReason == .uncaughtSignal && bench.terminationStatus == SIGTERM)
    }

    @Test(
        "a bench output that is a link out of its folder is refused before measuring; what it leads to is untouched",
        .timeLimit(.minutes(2)))
    func benchOutputLink() throws {
        let s = try Scratch()
        let victim = s.url.appendingPathComponent("victim.txt").path
        try "keep".write(toFile: victim, atomically: true, encoding: .utf8)
        let inner = s.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        let link = inner.appendingPathComponent("trace.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let r = try StudioProcess.run(["bench", "--frames", "3", "--trace", link, "--assets", Self.assets])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(link): it is a symbolic link to \(victim), outside its folder"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "refused before measuring: \(r.stdout.prefix(200))")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
    }

    @Test("bench refuses --danmaku in a scene that does not read it", .timeLimit(.minutes(2)))
    func benchDanmakuInRoom() throws {
        let r = try StudioProcess.run(["bench", "--frames", "3", "--danmaku", "500", "--assets", Self.assets])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--danmaku is the comments the danmaku, full and video scenes keep on screen"), "\(r.stderr)")
    }

    @Test(
        "a configured video on a named pipe does not freeze the room: it is named and the room shows its picture",
        .timeLimit(.minutes(2)))
    func configuredPipe() throws {
        let s = try Scratch()
        let assets = try s.assetsWithVideo("videos/pipe.mp4")
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("videos"), withIntermediateDirectories: true)
        #expect(mkfifo(assets.appendingPathComponent("videos/pipe.mp4").path, 0o644) == 0)
        let r = try StudioProcess.run(["snapshot", "--kind", "audience", "--frames", "5", "--out", s.out, "--assets", assets.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("videos/pipe.mp4: it is a named pipe (FIFO), not a file"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.out))
    }

    @Test(
        "a configuration's video path out of Assets is refused at load, naming the key",
        .timeLimit(.minutes(2)), arguments: ["../../../../etc/passwd", "/dev/zero", "videos/../../x.mp4"])
    func pathOutOfAssets(_ file: String) throws {
        let s = try Scratch()
        let assets = try s.assetsWithVideo(file)
        let r = try StudioProcess.run(["snapshot", "--kind", "audience", "--frames", "2", "--out", s.out, "--assets", assets.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("audience.json") && r.stderr.contains(".options.file"), "\(r.stderr)")
        #expect(r.stderr.contains("must be a path under Assets") || r.stderr.contains("must stay under Assets"), "\(r.stderr)")
    }

    @Test(
        "a link in Assets that leads out of it is not followed: the video is named as leading outside",
        .timeLimit(.minutes(2)))
    func linkOutOfAssets() throws {
        let s = try Scratch()
        let assets = try s.assetsWithVideo("videos/outside.mp4")
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("videos"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: assets.appendingPathComponent("videos/outside.mp4").path,
            withDestinationPath: "/etc/passwd")
        let r = try StudioProcess.run(["snapshot", "--kind", "audience", "--frames", "5", "--out", s.out, "--assets", assets.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("videos/outside.mp4: it leads outside the Assets folder"), "\(r.stderr)")
        #expect(r.stderr.contains("/etc/passwd"), "\(r.stderr)")
    }
}
