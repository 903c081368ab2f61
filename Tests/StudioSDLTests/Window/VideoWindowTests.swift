import Foundation
import StudioTesting
import Testing

/// A room playing a real video in the real window under Xvfb, with real X input: lite mode
/// keeps the picture (only the movable layer slides away), and the rotate button turns the
/// room with the picture drawn on the turned screen, shown whole (pillarboxed). The clip is
/// pure green, so the window's last frame shows where the video is drawn.
@Suite("real video in the real window", .serialized,
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
    /// that are the clip's green (through H.264's 4:2:0 colours, so within a tolerance).
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

    @Test("lite mode slides the movable layer off the playing video; the picture stays", .timeLimit(.minutes(1)))
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

    @Test("the rotate button turns the room; the turned screen shows the portrait stream whole, pillarboxed",
          .timeLimit(.minutes(1)))
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
}
