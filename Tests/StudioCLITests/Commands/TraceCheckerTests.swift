import CommandFixtures
import Foundation
import Testing

extension SerialCommandTests {
    /// Every trace `studio bench --trace` writes is read by an independent checker written in
    /// Python from the Trace Event Format's rules (Tests/Tools/check_trace.py): tracks nest,
    /// time never goes back on a thread, flows pair up, widget spans fit in their phases.
    @Suite struct TraceCheckerTests {
        static let checker = BuiltStudio.repository.appendingPathComponent("Tests/Tools/check_trace.py")

        /// The checker's limits for the tests' traces. The tests' binary is a debug build, in
        /// which the tracer's bookkeeping for each slice (it lands in the parent after the
        /// slice ends) takes several times a release build's few microseconds, and more again
        /// while other tests load both cores: a share of the phases, not a fixed time a frame,
        /// grows with that. A frame without its widget slices leaves most of its update and
        /// draw uncovered, far over either limit (`checkerRejects`).
        static let debugLimits = ["--allowance-us", "100", "--share", "0.25"]

        /// Runs the checker on `trace` with the debug build's limits.
        static func check(_ trace: String) throws -> ProcessResult {
            try StudioProcess.run(
                ["python3", checker.path] + debugLimits + [trace],
                executable: URL(fileURLWithPath: "/usr/bin/env"))
        }

        @Test(
            "traces of the room and full scenes pass the checker, with spans on the loop and the raster workers",
            arguments: ["room", "full"])
        func tracesPass(scene: String) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let trace = folder.appendingPathComponent("\(scene).json").path
            let bench = try StudioProcess.run([
                "bench", "--scene", scene, "--frames", "12", "--warm-up", "3",
                "--comments-per-second", "300",
                "--assets", BuiltStudio.assets, "--trace", trace, "--quiet",
            ])
            #expect(bench.status == 0, "\(bench.stderr)")
            let checked = try Self.check(trace)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            #expect(checked.stdout.hasPrefix("ok: "))
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace)))
                    as? [String: Any])
            let events = try #require(object["traceEvents"] as? [[String: Any]])
            let threads = Set(
                events.filter { $0["name"] as? String == "thread_name" }
                    .compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
            #expect(threads.contains("loop"))
            let categories = Set(events.compactMap { $0["cat"] as? String })
            #expect(categories.isSuperset(of: ["frame", "phase", "layer", "widget", "raster"]), "\(categories)")
            let widget = try #require(events.first { $0["cat"] as? String == "widget" }?["args"] as? [String: Any])
            #expect(widget["kind"] != nil && widget["level"] != nil && widget["layer"] != nil)
            #expect(events.filter { $0["cat"] as? String == "frame" }.count == 12)
            // Notes flow from the inbox to their delivery, each start with its end.
            let starts = events.filter { $0["ph"] as? String == "s" }.count
            #expect(starts > 0)
            #expect(starts == events.filter { $0["ph"] as? String == "f" }.count)
        }

        @Test("a window run's trace has the feed thread's track beside the loop's, and passes the checker")
        func windowTracePasses() throws {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("window-trace-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: trace) }
            let bench = try StudioProcess.run(
                [
                    "-a", "-s", "-screen 0 1280x1400x24", BuiltStudio.binary.path,
                    "bench", "--window", "--seconds", "2", "--comments-per-second", "30",
                    "--assets", BuiltStudio.assets, "--trace", trace.path, "--quiet",
                ],
                executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
            #expect(bench.status == 0, "\(bench.stderr)")
            let checked = try Self.check(trace.path)
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])
            let events = try #require(object["traceEvents"] as? [[String: Any]])
            let threads = Set(
                events.filter { $0["name"] as? String == "thread_name" }
                    .compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
            #expect(threads.isSuperset(of: ["loop", "feed"]), "\(threads)")
        }

        @Test("the checker itself rejects overlapping slices, time going back, unpaired flows and unaccounted frame time")
        func checkerRejects() throws {
            let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-trace-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: bad) }
            try Data(
                """
                {"traceEvents": [
                  {"name": "a", "ph": "X", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
                  {"name": "b", "ph": "X", "pid": 1, "tid": 1, "ts": 5, "dur": 10},
                  {"name": "c", "ph": "X", "pid": 1, "tid": 1, "ts": 2, "dur": 1},
                  {"name": "s", "ph": "s", "pid": 1, "tid": 1, "ts": 20, "id": 7},
                  {"name": "frame", "cat": "frame", "ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 1000},
                  {"name": "update", "cat": "phase", "ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 400},
                  {"name": "update root", "cat": "widget", "ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 390},
                  {"name": "draw", "cat": "phase", "ph": "X", "pid": 1, "tid": 2, "ts": 400, "dur": 500},
                  {"name": "draw background", "cat": "layer", "ph": "X", "pid": 1, "tid": 2, "ts": 400, "dur": 500}
                ]}
                """.utf8
            ).write(to: bad)
            let checked = try StudioProcess.run(
                ["python3", Self.checker.path, bad.path],
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(checked.status == 1)
            #expect(checked.stdout.contains("overlaps 'a'"))
            #expect(checked.stdout.contains("time goes back"))
            #expect(checked.stdout.contains("flow 7"))
            // The layer slice holds no widget's: 500 of the frame's 900 microseconds are unaccounted.
            #expect(checked.stdout.contains("thread (1, 2): 510000 ns of 1 frames' update and draw"))
            // The debug build's looser limits still see it.
            let loose = try Self.check(bad.path)
            #expect(loose.status == 1)
            #expect(loose.stdout.contains("thread (1, 2): 510000 ns of 1 frames' update and draw"), "\(loose.stdout)")
            // Limits that are not numbers, or a share over the whole, are refused, not taken as 0.
            for limits in [["--share", "1.5"], ["--share", "nan"], ["--allowance-us", "-3"]] {
                let refused = try StudioProcess.run(
                    ["python3", Self.checker.path] + limits + [bad.path],
                    executable: URL(fileURLWithPath: "/usr/bin/env"))
                #expect(refused.status == 2, "\(limits)")
                #expect(refused.stderr.contains("usage:"))
            }
        }
    }
}
