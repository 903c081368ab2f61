import CommandFixtures
import Foundation
import StudioTesting
import Testing

/// F6 in the real window under Xvfb, pressed with xdotool, while the room plays a real
/// video: F6 starts recording, F6 stops it, and the MP4 in `--recordings` is what the window
/// showed (its size, its pace, the recording's red dot in its corner); a recording still
/// running when the user quits is finished, not lost; lite mode goes on working over the
/// video meanwhile.
@Suite(
    "F6 screen recording in the window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct ScreenRecordingWindowTests {
    typealias Session = WindowEndToEndTests.Session

    /// How long a session may take to finish its recording and exit. It takes a second or
    /// two; on two cores shared with the whole test run, the encoder thread can get little of
    /// them, and an exit that comes late is still not a hang.
    static let finishing = 60.0

    /// The MP4s in `folder`, by name (finished files only, not one still being written).
    static func recordings(in folder: URL) -> [String] {
        files(in: folder).filter { $0.hasPrefix("livestudio-") && $0.hasSuffix(".mp4") && !$0.hasSuffix(".partial.mp4") }
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A session recording with F6 and `--record` into a new folder, `--stats` on.
    static func recordingSession(_ folder: URL, keepsStatus: Bool = false) throws -> Session {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return try Session(
            arguments: [
                "--recordings", folder.path, "--record", folder.appendingPathComponent("events.jsonl").path,
                "--stats", "--video", TestClips.green,
            ], keepsStatus: keepsStatus)
    }

    /// What a session that ended while recording left: one finished MP4 that plays for about
    /// `seconds` or more, no partial file, and the input events (the Right key that turned lite
    /// mode on among them) in the `--record` file.
    static func expectFinished(_ folder: URL, seconds: Double, _ s: Session) throws {
        #expect(recordings(in: folder).count == 1, "\(files(in: folder)) \(s.stderr)")
        #expect(!files(in: folder).contains { $0.contains("partial") }, "\(files(in: folder))")
        if let name = recordings(in: folder).first {
            let probe = try TestClips.probe(folder.appendingPathComponent(name).path)
            #expect((Double(probe["duration"] ?? "") ?? 0) >= seconds, "\(probe)")
            #expect((Int(probe["nb_read_frames"] ?? "") ?? 0) >= 2, "\(probe)")
        }
        let events = (try? String(contentsOfFile: folder.appendingPathComponent("events.jsonl").path, encoding: .utf8)) ?? ""
        #expect(events.contains("\"key\":\"right\",\"down\":true"), "events: \(events.prefix(400))")
        #expect(s.stdout.contains("frame (busy)"), "no statistics: \(s.stdout)")
        #expect(s.stdout.contains("F6: recorded"), "\(s.stdout)")
    }

    @Test(
        "the X server dies while F6 and --record are recording: both files are finished, the statistics printed",
        .timeLimit(.minutes(3)))
    func displayDies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-f6-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.recordingSession(folder, keepsStatus: true)
        try s.key("F6")
        try s.key("Right")
        try s.waitForState("lite mode") { $0.lite }
        usleep(1_500_000)
        try s.killDisplay()
        _ = try s.waitForExit(seconds: Self.finishing)
        #expect(s.studioStatus == 3, "\(s.stderr)")
        #expect(s.stderr.contains("the connection to the X display"), "\(s.stderr)")
        try Self.expectFinished(folder, seconds: 1.0, s)
    }

    @Test(
        "SIGHUP, SIGTERM or SIGINT while recording ends the session as closing the window does",
        .timeLimit(.minutes(5)), arguments: [SIGHUP, SIGTERM, SIGINT])
    func signalEndsTheSession(_ signo: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-f6-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.recordingSession(folder)
        try s.key("F6")
        try s.key("Right")
        try s.waitForState("lite mode") { $0.lite }
        usleep(800_000)
        kill(s.studioPID, signo)
        #expect(try s.waitForExit(seconds: Self.finishing) == 128 + signo, "\(s.stderr)")
        #expect(s.stderr.contains("stopped by SIG"), "\(s.stderr)")
        #expect(s.state?.closed == true, "the last state is the closed room's")
        try Self.expectFinished(folder, seconds: 0.5, s)
    }

    @Test(
        "F6 onto a disk that fills says so once, naming the file; the session goes on, --record keeps every input, and the run exits 1",
        .enabled(if: TinyDisk.canMount, "mounting a small tmpfs needs root"), .timeLimit(.minutes(3)))
    func diskFills() throws {
        let disk = TinyDisk(size: 48 * 1024)
        try #require(disk.mounted, "mount -t tmpfs failed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-f6-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.jsonl").path
        let s = try Session(arguments: ["--recordings", disk.path, "--record", events, "--video", TestClips.green], keepsStatus: true)
        try s.key("F6")
        try WindowEndToEndTests.wait("the recording to fail on the full disk", seconds: 30, stderr: s.stderrPath) {
            s.stderr.contains("the session goes on")
        }
        // The session goes on: lite mode still turns on, and F6 may be pressed again.
        try s.key("Right")
        try s.waitForState("lite mode") { $0.lite }
        try s.key("Escape")
        _ = try s.waitForExit(seconds: Self.finishing)
        #expect(s.studioStatus == 1, "\(s.stderr)")
        let warnings = s.stderr.components(separatedBy: "warning: F6: ").count - 1
        #expect(warnings == 1 && s.stderr.contains(disk.path), "\(s.stderr)")
        #expect(s.stderr.contains("No space left on device") || s.stderr.contains("no space left"), "\(s.stderr)")
        #expect(s.stderr.contains("studio: error: F6:"), "the end of the run says so again: \(s.stderr)")
        // What was recorded before the disk filled is kept, and said where.
        #expect(s.stderr.contains("recorded before are kept in \(disk.path)"), "\(s.stderr)")
        let recorded = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        #expect(recorded.contains("\"key\":\"right\",\"down\":true"), "events: \(recorded.prefix(400))")
    }

    @Test(
        "F6 records the window to an MP4 and F6 stops it; quitting while recording still saves the file",
        .timeLimit(.minutes(2)))
    func recordsTheWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-f6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Session(arguments: ["--recordings", folder.path, "--video", TestClips.green])
        try s.key("F6")
        // Lite mode over the playing video, while recording.
        try s.key("Right")
        try s.waitForState("lite mode") { $0.lite }
        usleep(1_200_000)
        try s.key("F6")
        try WindowEndToEndTests.wait("the first recording to be saved", seconds: 20, stderr: s.stderrPath) {
            Self.recordings(in: folder).count == 1
        }
        let first = folder.appendingPathComponent(Self.recordings(in: folder)[0]).path
        let probe = try TestClips.probe(first)
        // The window is 360x640: its studio area, recorded as shown.
        #expect(probe["width"] == "360" && probe["height"] == "640", "\(probe)")
        #expect(["h264", "mpeg4"].contains(probe["codec_name"] ?? ""), "\(probe)")
        let frames = Int(probe["nb_read_frames"] ?? "") ?? 0
        let duration = Double(probe["duration"] ?? "") ?? 0
        // About 1.2 s and more (the keys take time too), at most 30 frames a second of it.
        // How many of those the loop drew depends on the machine (this is a debug build,
        // beside the other tests), not on the recorder: a frame it did not draw is a longer
        // one in the file. Frames the encoder could not take just before the stop are not,
        // and on two busy cores that can be a few tenths of a second. Rates are measured in
        // release with `studio run --stats`, not here.
        #expect(duration >= 0.6 && duration < 10, "\(probe)")
        #expect(frames >= 2 && Double(frames) <= duration * 30 + 1, "\(probe)")

        // Its first frame shows the recording's dot, red, in the top right corner.
        let still = folder.appendingPathComponent("first.png").path
        let extract = try StudioProcess.run(
            ["ffmpeg", "-v", "error", "-i", first, "-frames:v", "1", still],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(extract.status == 0, "\(extract.stderr)")
        let png = try PNGPixels(still)
        func redPixels(_ xs: Range<Int>) -> Int {
            var count = 0
            for y in 4..<23 {
                for x in xs {
                    let p = png[x: x, y: y]
                    if p.r > 180 && p.g < 110 && p.b < 110 { count += 1 }
                }
            }
            return count
        }
        // The status bar's strip over the green clip: the dot (8 points across, 4 pixels
        // here) on the right; nothing red on the left (the badge's own dot is between).
        #expect(
            redPixels(240..<360) >= 20 && redPixels(0..<150) == 0,
            "red pixels: right \(redPixels(240..<360)), left \(redPixels(0..<150))")

        // A second recording, and Esc before F6: the run finishes the file as it quits.
        try s.key("F6")
        usleep(600_000)
        try s.key("Escape")
        #expect(try s.waitForExit(seconds: 20) == 0, "\(s.stderr)")
        #expect(Self.recordings(in: folder).count == 2, "\(Self.recordings(in: folder))")
        #expect(!s.stderr.contains("F6:"), "\(s.stderr)")
    }
}
