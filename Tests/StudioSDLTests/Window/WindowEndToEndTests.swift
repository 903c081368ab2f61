import CSDL2
import CommandFixtures
import Foundation
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The programs the end-to-end suite needs, and what to install when one is missing.
enum EndToEndTools {
    static let xdotool = ["/usr/bin/xdotool", "/bin/xdotool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var missing: String? {
        if BuiltStudio.xvfbRun == nil { return "Xvfb is not installed (apt-get install xvfb)" }
        if xdotool == nil { return "xdotool is not installed (apt-get install xdotool)" }
        return nil
    }
}

/// The real window under Xvfb, driven with real X input (xdotool's XTEST mouse and keys),
/// through every row of README's "Keys and gestures" table that a viewer's room answers:
/// tap and Space send hearts, swipes and arrows turn lite mode on and off, L and the lite
/// button toggle it, swipes and arrows change rooms, the first room bounces, Esc and the
/// close button quit with status 0. `studio run --state-out` writes the session state
/// whenever it changes; each step waits for the state it should cause, with a deadline.
/// One check reads pixels: hearts float up from where the finger tapped.
@Suite(
    "window end to end with real X input", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct WindowEndToEndTests {
    /// The window is 360x640 screen pixels: half the studio's 720x1280 points, no bars.
    static let scale = 0.5

    /// What `--state-out` writes (the fields these tests read).
    struct State: Decodable, Equatable, CustomStringConvertible {
        struct Room: Decodable, Equatable {
            var id: Int
            var kind: String
        }
        var room: Room
        var position: Int
        var lite: Bool
        var heartsSent: Int
        var toast: String?
        var closed: Bool
        var coins: Int? = nil
        var ownComments: Int? = nil
        var sheet: String? = nil

        var description: String {
            "room \(room.id) (\(room.kind)) position \(position) lite \(lite) hearts \(heartsSent)"
                + (coins.map { " coins \($0)" } ?? "") + (ownComments.map { " own comments \($0)" } ?? "")
                + (sheet.map { " sheet \($0)" } ?? "")
                + (toast.map { " toast \"\($0)\"" } ?? "") + (closed ? " closed" : "")
        }
    }

    /// A step that did not happen: what was awaited or run, and what was seen instead.
    struct DriveFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Polls `condition` every 20 ms until it holds; throws, naming `what` and what was seen,
    /// after `seconds`.
    static func wait(
        _ what: String, seconds: Double, stderr: String, lastState: () -> State? = { nil },
        _ condition: () throws -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        let seen = lastState().map { "; last state: \($0)" } ?? ""
        let log = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        throw DriveFailure("waited \(seconds) s for \(what)\(seen); studio's stderr: \(log)")
    }

    /// A point on the room that no widget takes: a tap there sends hearts.
    static let openRoom = (540.0, 820.0)

    @Test(
        "taps, Space, swipes, arrows, L and the lite button do what the README's table says; the first room bounces; Esc quits with 0",
        .timeLimit(.minutes(2)))
    func keysAndGestures() throws {
        let s = try Session()
        #expect(
            s.state
                == State(
                    room: .init(id: 101, kind: "audience"), position: 0, lite: false, heartsSent: 0,
                    toast: nil, closed: false, coins: 1000, ownComments: 0, sheet: nil))

        // Past the first room, a swipe down springs back with a toast.
        try s.drag(from: (360, 400), to: (360, 900))
        let bounced = try s.waitForState("a bounce at the first room") { $0.toast != nil }
        #expect(bounced.toast == "This is the first room")
        #expect(bounced.room.id == 101 && bounced.position == 0)

        // Tap and Space: hearts.
        try s.tap(Self.openRoom.0, Self.openRoom.1)
        try s.waitForState("hearts from a tap") { $0.heartsSent == 1 }
        try s.key("space")
        try s.waitForState("hearts from Space") { $0.heartsSent == 2 }

        // Swipe right / left, Right / Left, L, the lite button: lite on and off.
        try s.drag(from: (160, 640), to: (560, 640))
        try s.waitForState("lite mode from a swipe right") { $0.lite }
        try s.drag(from: (560, 640), to: (160, 640))
        try s.waitForState("normal mode from a swipe left") { !$0.lite }
        try s.key("Right")
        try s.waitForState("lite mode from Right") { $0.lite }
        try s.key("Left")
        try s.waitForState("normal mode from Left") { !$0.lite }
        try s.key("l")
        try s.waitForState("lite mode from L") { $0.lite }
        try s.key("l")
        try s.waitForState("normal mode from L again") { !$0.lite }
        try s.tap(586, 100)  // the "Lite" switch at the top right
        try s.waitForState("lite mode from the lite button") { $0.lite }
        try s.tap(586, 100)
        try s.waitForState("normal mode from the lite button again") { !$0.lite }

        // Swipe up / down, Up / Down: next and previous room.
        // Beside the comment list: once it holds more than shows, it scrolls on a drag inside it.
        try s.drag(from: (620, 900), to: (620, 400))
        let next = try s.waitForState("the next room from a swipe up") { $0.room.id != 101 }
        #expect(next.room.id == 102 && next.position == 1)
        try s.drag(from: (360, 400), to: (360, 900))
        try s.waitForState("the previous room from a swipe down") { $0.room.id == 101 }
        try s.key("Up")
        try s.waitForState("the next room from Up") { $0.room.id == 102 && $0.position == 1 }
        try s.key("Down")
        let back = try s.waitForState("the previous room from Down") { $0.room.id == 101 }
        #expect(back.position == 0 && back.toast == nil && back.heartsSent == 0, "a room opened again starts afresh")

        // Down at the first room bounces too.
        try s.key("Down")
        let bouncedAgain = try s.waitForState("a bounce from Down at the first room") { $0.toast != nil }
        #expect(bouncedAgain.toast == "This is the first room" && bouncedAgain.room.id == 101)

        // Esc leaves the room and quits with status 0; the last state says so.
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
        #expect(s.state?.closed == true)
        #expect(s.state?.room.id == 101)
    }

    @Test(
        "the comment box takes real typing (L and space are letters there) and Enter sends; the gift panel spends coins",
        .timeLimit(.minutes(3)))
    func commentAndGift() throws {
        let s = try Session()
        try s.tap(185, 1212)  // the "Say something…" pill
        try s.waitForState("the comment box to open") { $0.sheet == "commentComposer" }
        try s.xdotool(["type", "--delay", "30", "hello live room"])
        try s.key("Return")
        // The list shows the newest comments: the viewer's may scroll out later, not before.
        let sent = try s.waitForState("the comment to be sent") { $0.ownComments == 1 && $0.sheet == nil }
        #expect(!sent.lite, "an l typed into the box toggled lite mode")
        #expect(sent.room.id == 101)

        try s.tap(574, 1212)  // the gift button
        try s.waitForState("the gift panel to open") { $0.sheet == "giftPanel" && $0.coins == 1000 }
        usleep(500_000)  // the panel slides up for a quarter of a second
        try s.tap(616, 1280 - 530 + 470)  // Send, a rose by default
        try s.waitForState("a rose to cost one coin") { $0.coins == 999 }
        try s.tap(360, 300)  // outside the panel
        try s.waitForState("the panel to close") { $0.sheet == nil }
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }

    @Test("the close button quits with status 0", .timeLimit(.minutes(3)))
    func closeButton() throws {
        let s = try Session()
        try s.tap(672, 100)  // the × at the top right
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
        #expect(s.state?.closed == true)
    }

    /// Pixels of the heart colors (any of `Palette.hearts`, within a small tolerance) in
    /// the column above `point`, in a 720x1280 screenshot.
    static func heartPixels(in path: String, above point: (Double, Double)) throws -> Int {
        let png = try PNGPixels(path)
        #expect(png.width == 720 && png.height == 1280)
        let palette = Palette.hearts.map { (Int($0.r), Int($0.g), Int($0.b)) }
        var count = 0
        for y in max(0, Int(point.1) - 340)..<min(png.height, Int(point.1) + 40) {
            for x in max(0, Int(point.0) - 120)..<min(png.width, Int(point.0) + 120) {
                let p = png[x: x, y: y]
                let (r, g, b) = (Int(p.r), Int(p.g), Int(p.b))
                if palette.contains(where: { abs($0.0 - r) <= 8 && abs($0.1 - g) <= 8 && abs($0.2 - b) <= 8 }) { count += 1 }
            }
        }
        return count
    }

    @Test(
        "hearts float up from the tapped point: its column holds heart colors after a tap and not without one",
        .timeLimit(.minutes(3)))
    func heartsInPixels() throws {
        /// Heart pixels in the last frame of a run quit with Esc, right after a tap if asked.
        func heartPixels(tapping: Bool) throws -> Int {
            let s = try Session(screenshot: true)
            if tapping {
                try s.tap(Self.openRoom.0, Self.openRoom.1)
                try s.waitForState("hearts from a tap") { $0.heartsSent == 1 }
                // A burst's hearts appear over its first quarter second; they stay opaque for
                // the next half.
                usleep(400_000)
            }
            try s.key("Escape")
            #expect(try s.waitForExit() == 0, "\(s.stderr)")
            return try Self.heartPixels(in: s.screenshotPath, above: Self.openRoom)
        }
        let with = try heartPixels(tapping: true)
        let without = try heartPixels(tapping: false)
        // A heart is about 50 px wide; a burst of four, even fading, covers thousands of pixels.
        #expect(with > 2000, "only \(with) heart-colored pixels above the tap (\(without) without a tap)")
        #expect(without * 4 < with, "\(without) heart-colored pixels without a tap, \(with) with one")
    }
}
