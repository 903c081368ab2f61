import CommandFixtures
import Foundation
import StudioTesting
import Testing

extension SerialCommandTests {
    /// `--video` through the commands, as a user gives it: snapshots that repeat, a bench of
    /// the video scene with the player's counters and its decoding thread in the trace, and
    /// a file that cannot play named without stopping anything.
    @Suite struct VideoCommandTests {
        static let assets = BuiltStudio.assets

        @Test("snapshot --video at a time gives the same bytes every run, and differs from the drawn picture")
        func snapshotRepeats() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-snap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            func shot(_ name: String, _ extra: [String]) throws -> Data {
                let out = folder.appendingPathComponent(name).path
                let r = try StudioProcess.run(
                    [
                        "snapshot", "--kind", "audience", "--at-time", "0.75", "--assets", Self.assets,
                        "--out", out,
                    ] + extra)
                #expect(r.status == 0, "\(r.stderr)")
                return try Data(contentsOf: URL(fileURLWithPath: out))
            }
            let a = try shot("a.png", ["--video", TestClips.portrait])
            let b = try shot("b.png", ["--video", TestClips.portrait])
            let drawn = try shot("c.png", [])
            #expect(a == b)
            #expect(a != drawn)
        }

        @Test("a --video that cannot play fails the snapshot, in one line naming the flag and the file, and writes nothing")
        func unplayable() throws {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("video-bad-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let text = try TestClips.text()
            let r = try StudioProcess.run([
                "snapshot", "--kind", "pk", "--frames", "10", "--assets", Self.assets,
                "--video", text, "--out", out,
            ])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(
                r.stderr.hasPrefix("studio: error: --video: cannot play \(text): opening it as a media file: Invalid data found"),
                "\(r.stderr)")
            #expect(r.stderr.hasSuffix("needs the video it names (leave --video out for the rooms' drawn picture)\n"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }

        @Test(
            "a video FFmpeg opens but cannot decode fails the command in LiveStudio's words; a window's room says it is unavailable",
            .timeLimit(.minutes(2)))
        func undecodable() throws {
            let path = TestClips.hugeMJPEG
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-bad-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let out = folder.appendingPathComponent("shot.png").path
            let r = try StudioProcess.run([
                "snapshot", "--kind", "audience", "--frames", "10", "--video", path,
                "--assets", Self.assets, "--out", out,
            ])
            #expect(r.status == 1, "\(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "FFmpeg's own log is kept off the terminal: \(r.stderr)")
            #expect(
                lines.first?.hasPrefix("studio: error: --video: cannot play \(path): FFmpeg decoded no picture from its mjpeg video")
                    == true, "\(r.stderr)")
            #expect(r.stderr.contains("Picture size 65535x65535 is invalid"), "\(r.stderr)")
            let dump = try StudioProcess.run([
                "dump", "--kind", "audience", "--frames", "30", "--video", path, "--json",
                "--assets", Self.assets,
            ])
            #expect(dump.status == 1 && dump.stdout.isEmpty, "\(dump.stderr)")
            // A session that goes on (a run, here headless) warns and shows the room's own
            // picture, saying the video is unavailable.
            let state = folder.appendingPathComponent("state.json").path
            let run = try StudioProcess.run([
                "run", "--headless", "--frames", "30", "--video", path, "--state-out", state,
                "--assets", Self.assets,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("studio: warning: --video: cannot play \(path)"), "\(run.stderr)")
            let session = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
            #expect(session?["video"] as? String == "unavailable", "\(String(describing: session))")
        }

        @Test("a kind's configured video that is missing is named once, as is a bad --opponent-video, each by where it came from")
        func configuredMissing() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-conf-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let assets = folder.appendingPathComponent("Assets")
            try FileManager.default.copyItem(atPath: Self.assets, toPath: assets.path)
            let config = assets.appendingPathComponent("studios/audience.json")
            let text = try String(contentsOf: config, encoding: .utf8)
            let edited = text.replacingOccurrences(
                of: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true }",
                with: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true, "
                    + "\"options\": { \"file\": \"videos/none.mp4\" } }")
            #expect(edited != text)
            try edited.write(to: config, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("shot.png").path
            let r = try StudioProcess.run([
                "snapshot", "--kind", "audience", "--frames", "10", "--assets", assets.path,
                "--out", out,
            ])
            #expect(r.status == 0, "\(r.stderr)")
            let missing = assets.appendingPathComponent("videos/none.mp4").path
            #expect(
                r.stderr.contains("cannot play \(missing): no such file (check the path); the rooms that play it show their own picture"),
                "\(r.stderr)")
            #expect(r.stderr.components(separatedBy: "cannot play").count == 2)
            #expect(FileManager.default.fileExists(atPath: out))

            let opponent = try StudioProcess.run([
                "snapshot", "--kind", "pk", "--frames", "2", "--assets", Self.assets,
                "--opponent-video", "/no/opponent.mp4", "--out", out,
            ])
            #expect(opponent.status == 1, "\(opponent.stderr)")
            #expect(
                opponent.stderr.contains("--opponent-video: cannot play /no/opponent.mp4: no such file (check the path);"),
                "\(opponent.stderr)")
            #expect(!opponent.stderr.contains("--video:"))
        }

        @Test("bench --scene video reports the player's counters; without a file it says how to get one")
        func benchScene() throws {
            let r = try StudioProcess.run([
                "bench", "--scene", "video", "--video", TestClips.portrait, "--frames", "30",
                "--warm-up", "5", "--assets", Self.assets, "--json",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect((report["configuration"] as? [String: String])?["video"] == "portrait.mp4")
            let counters = try #require(report["counters"] as? [[String: Any]])
            let decode = counters.first { $0["name"] as? String == "videoDecodeMicros" }
            #expect((decode?["peak"] as? Int ?? 0) > 0, "\(counters)")
            // 35 frames at 60 a second of a 30 fps stream: about 18 shown (headless: none dropped).
            let shown = counters.first { $0["name"] as? String == "videoShown" }?["peak"] as? Int ?? 0
            #expect(shown >= 15 && shown <= 20, "\(counters)")
            let table = try StudioProcess.run([
                "bench", "--scene", "video", "--video", TestClips.portrait, "--frames", "30",
                "--warm-up", "5", "--assets", Self.assets,
            ])
            #expect(
                table.stdout.contains("video: \(shown) frames shown, 0 dropped (0.00% of the frames whose time came)"),
                "\(table.stdout)")

            // An Assets folder with no out/clips/demo.mp4 beside it.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-assets-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let assets = folder.appendingPathComponent("Assets")
            try FileManager.default.copyItem(atPath: Self.assets, toPath: assets.path)
            let none = try StudioProcess.run(["bench", "--scene", "video", "--frames", "5", "--assets", assets.path])
            #expect(none.status == 1)
            #expect(none.stderr.contains("the video scene plays a file: give --video FILE, or run make clips"), "\(none.stderr)")
        }

        @Test(
            "in a window the player decodes on its own thread: the trace has its track, and passes the checker",
            .timeLimit(.minutes(2)))
        func windowTrace() throws {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("video-trace-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: trace) }
            let bench = try StudioProcess.run(
                [
                    "-a", "-s", "-screen 0 1280x1400x24", BuiltStudio.binary.path,
                    "bench", "--window", "--scene", "video", "--video", TestClips.portrait,
                    "--seconds", "2", "--warm-up", "30", "--assets", Self.assets,
                    "--trace", trace.path, "--quiet",
                ],
                executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
            #expect(bench.status == 0, "\(bench.stderr)")
            let checked = try TraceCheckerTests.check(trace.path)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])
            let events = try #require(object["traceEvents"] as? [[String: Any]])
            let threads = Set(
                events.filter { $0["name"] as? String == "thread_name" }
                    .compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
            #expect(threads.contains("video decode"), "\(threads)")
            #expect(events.contains { $0["name"] as? String == "decode frame" })
        }
    }
}
