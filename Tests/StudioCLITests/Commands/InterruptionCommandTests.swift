import CommandFixtures
import Foundation
import StudioTesting
import Testing

/// Commands stopped by SIGINT (Ctrl-C), SIGTERM (a service manager, `kill`) or SIGHUP (a
/// closed terminal) as users stop them: what they were writing is finished, not left as a
/// hidden temporary file, they say how they stopped, and they exit 128 + the signal's
/// number, as a shell expects of a process a signal stopped.
@Suite("commands stopped by a signal", .serialized)
struct InterruptionCommandTests {
    typealias Scratch = RecordCommandTests.Scratch

    /// Starts `studio` with `arguments`, waits until `ready` holds (at most 60 s), sends
    /// `signo`, and returns how it ended.
    func interrupt(_ arguments: [String], with signo: Int32, when ready: () -> Bool) throws -> ProcessResult {
        let process = Process()
        process.executableURL = BuiltStudio.binary
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: nothing reads them until the end, and a full pipe would stall it.
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !ready(), process.isRunning, Date() < deadline { usleep(20_000) }
        try #require(process.isRunning, "it ended before it was ready: \((try? String(contentsOf: err, encoding: .utf8)) ?? "")")
        kill(process.processIdentifier, signo)
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    @Test(
        "studio record stopped by a signal finishes the frames it rendered into the file and leaves no partial file",
        .timeLimit(.minutes(3)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func recordFinishes(_ signo: Int32) throws {
        let s = try Scratch()
        let out = s.path("long.mp4")
        let result = try interrupt(
            [
                "record", "--kind", "audience", "--seconds", "600", "--fps", "10", "--size", "180x320",
                "--quiet", "--assets", BuiltStudio.assets, "--out", out,
            ],
            with: signo
        ) {
            // The temporary file exists once the encoder has opened; a moment later frames are in.
            guard s.names.contains(where: { $0.hasPrefix(".long.mp4") }) else { return false }
            usleep(1_500_000)
            return true
        }
        #expect(result.status == 128 + signo, "\(result.stderr)")
        #expect(
            result.stderr.contains("stopped by SIG") && result.stderr.contains("of 6000 frames; \(out) holds those"),
            "\(result.stderr)")
        #expect(s.names == ["long.mp4"], "\(s.names)")
        let probe = try TestClips.probe(out)
        let frames = Int(probe["nb_read_frames"] ?? "") ?? 0
        #expect(frames >= 1 && frames < 6000, "\(probe)")
        #expect(result.stdout.contains("wrote \(out): \(frames) frames"), "\(result.stdout)")
    }

    @Test(
        "a GIF stopped while its colours are chosen is written with the frames rendered so far",
        .timeLimit(.minutes(3)))
    func gifStoppedWhileSurveyed() throws {
        let s = try Scratch()
        let out = s.path("long.gif")
        let started = Date()
        let result = try interrupt(
            [
                "record", "--kind", "audience", "--seconds", "600", "--fps", "10", "--size", "180x320",
                "--quiet", "--assets", BuiltStudio.assets, "--out", out,
            ],
            with: SIGINT
        ) {
            // The palette's pass writes nothing, so the file shows only once it ends.
            Date().timeIntervalSince(started) > 2
        }
        #expect(result.status == 128 + SIGINT, "\(result.stderr)")
        #expect(result.stderr.contains("of 6000 frames; \(out) holds those"), "\(result.stderr)")
        #expect(s.names == ["long.gif"], "\(s.names)")
        let frames = Int(try TestClips.probe(out)["nb_read_frames"] ?? "") ?? 0
        #expect(frames >= 1 && frames < 6000)
        #expect(result.stdout.contains("wrote \(out): \(frames) frames"), "\(result.stdout)")
    }

    @Test(
        "a headless run stopped by a signal leaves its room, writes its --record and --state-out files and prints --stats",
        .timeLimit(.minutes(2)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func headlessRunFinishes(_ signo: Int32) throws {
        let s = try Scratch()
        let state = s.path("state.json"), events = s.path("events.jsonl")
        let result = try interrupt(
            [
                "run", "--headless", "--frames", "5000000", "--stats", "--record", events,
                "--state-out", state, "--assets", BuiltStudio.assets,
            ],
            with: signo
        ) { FileManager.default.fileExists(atPath: state) }
        #expect(result.status == 128 + signo, "\(result.stderr)")
        #expect(
            result.stderr.contains("studio: stopped by \(signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP")"),
            "\(result.stderr)")
        #expect(result.stdout.contains("frame (busy)"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: events))
        let last = (try? String(contentsOfFile: state, encoding: .utf8)) ?? ""
        #expect(last.contains("\"closed\":true"), "\(last)")
        #expect(s.names.sorted() == ["events.jsonl", "state.json"], "\(s.names)")
    }

    @Test(
        "a bench stopped by a signal reports the frames it measured, says so, and exits as a stopped process",
        .timeLimit(.minutes(2)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func benchReportsWhatItMeasured(_ signo: Int32) throws {
        let started = Date()
        let result = try interrupt(
            [
                "bench", "--headless", "--scene", "room", "--frames", "5000000", "--json", "--quiet",
                "--assets", BuiltStudio.assets,
            ],
            with: signo
        ) { Date().timeIntervalSince(started) > 5 }
        #expect(result.status == 128 + signo, "\(result.stderr)")
        let name = signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP"
        #expect(result.stderr.contains("studio: stopped by \(name) after "), "\(result.stderr)")
        #expect(result.stderr.contains("measured frames; the report covers those"), "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let frames = report?["frames"] as? Int ?? 0
        #expect(frames > 0 && frames < 5_000_000, "\(result.stdout.prefix(300))")
        #expect(result.stderr.contains("after \(frames) measured frames"), "\(result.stderr)")
    }
}
