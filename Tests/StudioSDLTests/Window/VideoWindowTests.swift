import CommandFixtures
import Foundation
import StudioTesting
import Testing

/// A room playing a real video in the real window under Xvfb, with real X input: lite mode
/// keeps the picture (only the movable layer slides away), and the rotate button turns the
/// room with the picture drawn on the turned screen, shown whole (pillarboxed). The clip is
/// pure green, so the window's last frame shows where the video is drawn.
@Suite(
    "real video in the real window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct VideoWindowTests {
    /// The fields of `--state-out` this test reads.
    struct Fields: Decodable {
        var lite: Bool
        var rotation: String?
        var video: String?
    }

    static func fields(_ s: WindowEndToEndTests.Session) -> Fields? {
        (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap { try? JSONDecoder().decode(Fields.self, from: $0) }
    }

    static func wait(_ s: WindowEndToEndTests.Session, _ what: String, _ condition: (Fields) -> Bool) throws {
        try WindowEndToEndTests.wait(what, seconds: 8, stderr: s.stderrPath) { fields(s).map(condition) ?? false }
    }

    /// The share of the pixels in `rect` (x, y, width, height in the 720x1280 screenshot)
    /// that are the clip's green (through H.264's 4:2:0 colors, so within a tolerance).
    static func green(_ path: String, _ rect: (Int, Int, Int, Int)) throws -> Double {
        let png = try PNGPixels(path)
        var hits = 0
        for y in rect.1..<(rect.1 + rect.3) {
            for x in rect.0..<(rect.0 + rect.2) {
                let p = png[x: x, y: y]
                if p.r < 40 && p.g > 200 && p.b < 40 { hits += 1 }
            }
        }
        return Double(hits) / Double(rect.2 * rect.3)
    }

    @Test("lite mode slides the movable layer off the playing video; the picture stays", .timeLimit(.minutes(3)))
    func lite() throws {
        let s = try WindowEndToEndTests.Session(screenshot: true, arguments: ["--video", TestClips.green])
        try Self.wait(s, "the video to show") { $0.video == "green.mp4" }
        try s.key("Right")
        try Self.wait(s, "lite mode") { $0.lite }
        usleep(600_000)  // the slide
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
        // The middle of the room, where comments and danmaku were: the picture alone now.
        let share = try Self.green(s.screenshotPath, (60, 420, 480, 500))
        #expect(share > 0.9, "green share \(share)")
    }

    @Test(
        "the rotate button turns the room; the turned screen shows the portrait stream whole, pillarboxed",
        .timeLimit(.minutes(3)))
    func rotation() throws {
        let s = try WindowEndToEndTests.Session(screenshot: true, arguments: ["--video", TestClips.green])
        try Self.wait(s, "the video to show") { $0.video == "green.mp4" }
        try s.tap(668, 746)  // the rotate button on the right edge, beside the gift track
        try Self.wait(s, "landscape") { $0.rotation == "landscape" && $0.video == "green.mp4" }
        usleep(600_000)  // the turn
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
        // The turned screen is 1280x720 drawn a quarter turn in the 720x1280 window: a 9:16
        // picture there is 405 pixels of the window's height, centred, across its width;
        // above and below it, the pillarbox's bars.
        let picture = try Self.green(s.screenshotPath, (200, 480, 320, 320))
        let bars = try Self.green(s.screenshotPath, (200, 200, 320, 200)) + Self.green(s.screenshotPath, (200, 900, 320, 200))
        #expect(picture > 0.9 && bars < 0.01, "green share: picture \(picture), bars \(bars)")
    }

    /// The window's pixels now, grabbed from the X server as a screenshot tool does.
    static func grab(_ s: WindowEndToEndTests.Session, to path: String) throws -> PNGPixels {
        let geometry = try s.xdotool(["getwindowgeometry", "--shell", s.window])
        var values: [String: String] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        let (x, y, w, h) = (values["X"] ?? "0", values["Y"] ?? "0", values["WIDTH"] ?? "360", values["HEIGHT"] ?? "640")
        let grab = Process()
        grab.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        grab.arguments = [
            "ffmpeg", "-v", "error", "-y", "-nostdin", "-f", "x11grab", "-video_size", "\(w)x\(h)",
            "-i", "\(s.environment["DISPLAY"] ?? "")+\(x),\(y)", "-frames:v", "1", path,
        ]
        grab.environment = s.environment
        try grab.run()
        grab.waitUntilExit()
        try #require(grab.terminationStatus == 0, "ffmpeg could not grab the window")
        return try PNGPixels(path)
    }

    @Test(
        "a paused replay holds its danmaku with its picture: two grabs 1.5 s apart are the same pixels",
        .timeLimit(.minutes(3)))
    func pausedReplayHoldsDanmaku() throws {
        let recording = BuiltStudio.repository.appendingPathComponent("Assets/danmaku/demo-video.xml").path
        let s = try WindowEndToEndTests.Session(arguments: [
            "--room", "studio://room/107?type=playback", "--video", TestClips.portrait,
            "--feed-file", recording,
        ])
        try Self.wait(s, "the video to show") { $0.video == "portrait.mp4" }
        usleep(2_500_000)  // danmaku come on screen
        try s.tap(58, 1122)  // the playback bar's pause button
        try WindowEndToEndTests.wait("the pause", seconds: 8, stderr: s.stderrPath) {
            (try? String(contentsOfFile: s.statePath, encoding: .utf8))?.contains("\"paused\":true") == true
        }
        usleep(500_000)
        let first = try Self.grab(s, to: s.folder.appendingPathComponent("a.png").path)
        usleep(1_500_000)
        let second = try Self.grab(s, to: s.folder.appendingPathComponent("b.png").path)
        var differing = 0
        for y in 0..<min(first.height, second.height) {
            for x in 0..<min(first.width, second.width) where first[x: x, y: y] != second[x: x, y: y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels changed while paused")
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }
}
