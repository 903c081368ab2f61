import CSDL2
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
        if WindowSmokeTests.xvfbRun == nil { return "Xvfb is not installed (apt-get install xvfb)" }
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

    /// One `studio run` in its own Xvfb, and the X display that xdotool talks to.
    final class Session {
        let folder: URL
        private(set) var process = Process()
        var statePath: String { folder.appendingPathComponent("state.json").path }
        var screenshotPath: String { folder.appendingPathComponent("shot.png").path }
        var stderrPath: String { folder.appendingPathComponent("stderr.txt").path }
        var stdoutPath: String { folder.appendingPathComponent("stdout.txt").path }
        private(set) var environment: [String: String] = [:]
        private(set) var studioPID: pid_t = 0
        /// The session's Xvfb.
        private(set) var serverPID: pid_t = 0
        private(set) var window = ""
        private let keepsStatus: Bool
        var statusPath: String { folder.appendingPathComponent("env.status").path }

        /// The studio's exit status, once it has exited (`keepsStatus` sessions only).
        var studioStatus: Int32? {
            (try? String(contentsOfFile: statusPath, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }

        /// Starts the run, with `extra` flags for `studio run` (`--session host`, `--room
        /// SCHEME`), and waits for its window and its first state.
        /// With `keepsStatus`, the studio's own exit status is kept for `studioStatus` (for a
        /// run that outlives its X server, whose wrapper might report its own failure to stop
        /// it); the pid is then the shell's that waits for the studio, not the studio's.
        init(screenshot: Bool = false, arguments extra: [String] = [], keepsStatus: Bool = false) throws {
            self.keepsStatus = keepsStatus
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let binary = WindowSmokeTests.studioBinary
            try #require(
                FileManager.default.isExecutableFile(atPath: binary.path),
                "no studio binary at \(binary.path): run `swift build` first (make test does)")
            let arguments =
                [
                    binary.path, "run", "--size", "360x640", "--state-out", statePath,
                    "--assets", WindowSmokeTests.repository.appendingPathComponent("Assets").path,
                ]
                + (screenshot ? ["--screenshot", screenshotPath] : []) + extra
            try launch(arguments, windowName: "^LiveStudio$")
            _ = try waitForState("the first state") { _ in true }
        }

        /// Starts another `studio` command with a window (`preview`) in its own Xvfb and waits
        /// for a window whose name matches `windowName`; it writes no state.
        init(command: [String], windowName: String) throws {
            keepsStatus = false
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try launch([WindowSmokeTests.studioBinary.path] + command, windowName: windowName)
        }

        private func launch(_ arguments: [String], windowName: String) throws {
            // Xvfb picks its own display number, so a parallel test cannot take it; a start
            // that fails anyway (the machine out of some resource) is tried again.
            var attempt = 1
            while try !start(arguments) {
                attempt += 1
                guard attempt <= 3 else { throw DriveFailure("Xvfb failed to start three times: \(stderr)") }
            }
            window = try searchWindow(named: windowName, seconds: 30)
        }

        /// The first visible window whose name matches `windowName`, waited for. Debian's
        /// xdotool (3.20160805) ends its search with status 1 when any window goes away while
        /// it reads the windows' names (X's BadWindow), and the studio's renderer probe opens
        /// and closes a hidden window as the studio starts: so the search is asked again, not
        /// held with `--sync`, until the window is there or `seconds` pass.
        func searchWindow(named windowName: String, seconds: Double) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                let found = try? xdotool(["search", "--onlyvisible", "--name", windowName], seconds: 10)
                if let first = found?.split(separator: "\n").first { return String(first) }
                guard Date() < deadline, process.isRunning else {
                    throw DriveFailure(
                        "no window named \(windowName) after \(seconds) s; the studio \(process.isRunning ? "runs" : "has exited"): \(stderr)"
                    )
                }
                usleep(100_000)
            }
        }

        /// Starts the studio in its own Xvfb (`WindowSmokeTests.xvfbRun`); false when that
        /// exited before the studio started.
        private func start(_ arguments: [String]) throws -> Bool {
            let envPath = folder.appendingPathComponent("env").path
            // The wrapper tells the test its display, the X server's pid and the studio's pid
            // (exec keeps it), then becomes the studio.
            let tell =
                #"printf '%s\n%s\n%s\n' "$DISPLAY" "$LIVESTUDIO_TEST_XVFB_PID" "$$" > "$0.tmp" && mv "$0.tmp" "$0" && "#
            let wrapper = tell + (keepsStatus ? #""$@"; echo $? > "$0.status""# : #"exec "$@""#)
            process = Process()
            process.executableURL = URL(fileURLWithPath: WindowSmokeTests.xvfbRun!)
            process.arguments = ["-a", "-s", "-screen 0 800x800x24", "/bin/sh", "-c", wrapper, envPath] + arguments
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: stderrPath)
            _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
            try process.run()
            try WindowEndToEndTests.wait("the studio to start in Xvfb", seconds: 30, stderr: stderrPath) {
                FileManager.default.fileExists(atPath: envPath) || !process.isRunning
            }
            guard FileManager.default.fileExists(atPath: envPath) else { return false }
            let lines = try String(contentsOfFile: envPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = String(lines[0])
            environment["XAUTHORITY"] = nil
            serverPID = pid_t(lines[1]) ?? 0
            studioPID = pid_t(lines[2]) ?? 0
            return true
        }

        deinit {
            if process.isRunning, studioPID > 0 { kill(studioPID, SIGTERM) }
            try? FileManager.default.removeItem(at: folder)
        }

        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
        var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

        /// Kills this session's X server outright, as a crashed or stopped display server
        /// goes: the studio finds its connection dead at its next X call.
        func killDisplay() throws {
            try #require(serverPID > 0, "no X server to kill")
            try #require(kill(serverPID, SIGKILL) == 0, "the X server \(serverPID) could not be killed: errno \(errno)")
        }

        /// Runs xdotool on this display; a run past `seconds` is killed and fails.
        @discardableResult
        func xdotool(_ arguments: [String], seconds: Double = 10) throws -> String {
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: EndToEndTools.xdotool!)
            tool.arguments = arguments
            tool.environment = environment
            let out = Pipe()
            tool.standardOutput = out
            tool.standardError = FileHandle.nullDevice
            try tool.run()
            let deadline = Date().addingTimeInterval(seconds)
            while tool.isRunning, Date() < deadline { usleep(5_000) }
            if tool.isRunning {
                tool.terminate()
                tool.waitUntilExit()
                throw DriveFailure("xdotool \(arguments.joined(separator: " ")) took more than \(seconds) s")
            }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard tool.terminationStatus == 0 else {
                throw DriveFailure("xdotool \(arguments.joined(separator: " ")) exited \(tool.terminationStatus)")
            }
            return text
        }

        /// xdotool's move to the studio point (x, y), in the window's pixels.
        func at(_ x: Double, _ y: Double) -> [String] {
            ["mousemove", "--window", window, "\(Int(x * WindowEndToEndTests.scale))", "\(Int(y * WindowEndToEndTests.scale))"]
        }

        /// A click held 50 ms at studio point (x, y).
        func tap(_ x: Double, _ y: Double) throws {
            try xdotool(at(x, y) + ["mousedown", "1", "sleep", "0.05", "mouseup", "1"])
        }

        /// A drag from one studio point to another in ten moves 16 ms apart, so that SDL sees
        /// motion in every frame, as under a real finger.
        func drag(from: (Double, Double), to: (Double, Double)) throws {
            var arguments = at(from.0, from.1) + ["mousedown", "1"]
            for i in 1...10 {
                let f = Double(i) / 10
                arguments += ["sleep", "0.016"] + at(from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f)
            }
            try xdotool(arguments + ["sleep", "0.016", "mouseup", "1"])
        }

        /// A key press, through XTEST to the window under the pointer.
        func key(_ name: String) throws {
            try xdotool(at(360, 640) + ["key", name])
        }

        /// The state file's last content, nil while it has none.
        var state: State? {
            (try? Data(contentsOf: URL(fileURLWithPath: statePath))).flatMap { try? JSONDecoder().decode(State.self, from: $0) }
        }

        /// Waits until the state satisfies `condition`, and returns it.
        @discardableResult
        func waitForState(_ what: String, seconds: Double = 8, _ condition: (State) -> Bool) throws -> State {
            var last: State?
            try WindowEndToEndTests.wait(what, seconds: seconds, stderr: stderrPath, lastState: { last }) {
                last = state
                return last.map(condition) ?? false
            }
            return last!
        }

        /// Waits for the run to end and returns its exit status.
        func waitForExit(seconds: Double = 10) throws -> Int32 {
            try WindowEndToEndTests.wait("the studio to exit", seconds: seconds, stderr: stderrPath) { !process.isRunning }
            return process.terminationStatus
        }
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
        .timeLimit(.minutes(1)))
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

    @Test("the close button quits with status 0", .timeLimit(.minutes(1)))
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
        .timeLimit(.minutes(1)))
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
