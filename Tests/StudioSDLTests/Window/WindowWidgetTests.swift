import CSDL2
import CommandFixtures
import Foundation
import Testing

/// Widgets in the real window under Xvfb, driven with real X input: the host panel takes a
/// stream from preview to live to ended and leaves; the share sheet shares after Confirm and
/// the gift panel's Tip tab spends coins; the playback bar and the claw pad keep their own
/// drags (no room change, no lite mode); the window's F-keys leave the room as it was. Each
/// step waits for the state `studio run --state-out` writes; the HUD check reads pixels.
@Suite(
    "widgets in the real window with real X input", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct WindowWidgetTests {
    typealias Session = WindowEndToEndTests.Session

    /// The fields of `--state-out` these tests read.
    struct State: Decodable, CustomStringConvertible {
        struct Room: Decodable { var id: Int }
        var room: Room
        var lite: Bool
        var liveState: String?
        var paused: Bool?
        var toast: String?
        var closed: Bool
        var coins: Int?
        var ownComments: Int?
        var sheet: String?

        var description: String {
            "room \(room.id) lite \(lite)" + (liveState.map { " \($0)" } ?? "")
                + (paused.map { $0 ? " paused" : " playing" } ?? "") + (coins.map { " coins \($0)" } ?? "")
                + (ownComments.map { " own comments \($0)" } ?? "") + (sheet.map { " sheet \($0)" } ?? "")
                + (toast.map { " toast \"\($0)\"" } ?? "") + (closed ? " closed" : "")
        }
    }

    static func state(_ s: Session) -> State? {
        (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap { try? JSONDecoder().decode(State.self, from: $0) }
    }

    /// Waits until the state satisfies `condition` and returns it; the failure names the
    /// last state seen.
    @discardableResult
    static func wait(_ s: Session, _ what: String, _ condition: (State) -> Bool) throws -> State {
        var last: State?
        do {
            try WindowEndToEndTests.wait(what, seconds: 8, stderr: s.stderrPath) {
                last = state(s)
                return last.map(condition) ?? false
            }
        } catch {
            throw WindowEndToEndTests.DriveFailure("\(error); last state: \(last.map(String.init(describing:)) ?? "none")")
        }
        return last!
    }

    /// The state after input had time to act (a bottom sheet slides for a quarter of a second).
    static func settled(_ s: Session) throws -> State {
        usleep(500_000)
        return try #require(state(s))
    }

    /// The host panel's one big button (Go Live, End, Leave): its frame is (20, 940) in the
    /// host room, the button (140, 206, 400x88) inside it.
    static let hostButton = (360.0, 940.0 + 250)

    @Test(
        "the host studio opens in preview; the panel's button goes live, ends the stream and leaves with status 0",
        .timeLimit(.minutes(3)))
    func hostGoesLiveEndsAndLeaves() throws {
        let s = try Session(arguments: ["--session", "host"])
        let opened = try Self.wait(s, "the host room in preview") { _ in true }
        #expect(opened.room.id == 110 && opened.liveState == "preview" && !opened.closed)
        try s.tap(Self.hostButton.0, Self.hostButton.1)
        let live = try Self.wait(s, "live from Go Live") { $0.liveState == "live" }
        #expect(live.toast == "You are live!")
        usleep(300_000)  // the button turns to End on the next frame
        try s.tap(Self.hostButton.0, Self.hostButton.1)
        let ended = try Self.wait(s, "ended from End") { $0.liveState == "ended" }
        #expect(ended.toast?.hasPrefix("Live ended after ") == true, "\(ended)")
        usleep(300_000)
        try s.tap(Self.hostButton.0, Self.hostButton.1)
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
        #expect(Self.state(s)?.closed == true && Self.state(s)?.liveState == "ended")
    }

    @Test(
        "the share sheet shares to a target only after Confirm; the gift panel's Tip tab spends the chosen amount and adds the viewer's line",
        .timeLimit(.minutes(3)))
    func shareAndTip() throws {
        let s = try Session()
        try s.tap(502, 1212)  // the bottom bar's share button
        try Self.wait(s, "the share sheet to open") { $0.sheet == "shareSheet" }
        usleep(500_000)  // the sheet slides up
        // The sheet is 330 high at the bottom; six targets spread over 680 points, the icons
        // 150 below its top: WeChat first.
        try s.tap(20 + 680.0 / 12, 1280 - 330 + 150)
        let chosen = try Self.settled(s)
        #expect(chosen.sheet == "shareSheet" && chosen.toast == nil, "a target shared before Confirm: \(chosen)")
        try s.tap(372 + 158, 1280 - 330 + 222 + 38)  // Confirm
        let shared = try Self.wait(s, "the share to be confirmed") { $0.sheet == nil && $0.toast != nil }
        #expect(shared.toast == "Shared to WeChat")
        #expect(shared.room.id == 101 && !shared.lite)

        try s.tap(574, 1212)  // the gift button
        let panel = try Self.wait(s, "the gift panel to open") { $0.sheet == "giftPanel" }
        let coins = try #require(panel.coins), comments = try #require(panel.ownComments)
        usleep(500_000)
        // The panel is 530 high; its Tip tab, the third amount (100) and Tip (where Send is).
        let top = 1280.0 - 530
        try s.tap(150 + 48, top + 40)
        usleep(150_000)
        try s.tap(32 + 2 * 166 + 77, top + 250 + 56)
        usleep(150_000)
        try s.tap(616, top + 470)
        let tipped = try Self.wait(s, "a tip to spend coins") { $0.coins != coins }
        #expect(tipped.coins == coins - 100, "a 100-coin tip: \(coins) coins before, \(tipped)")
        #expect(tipped.ownComments == comments + 1, "the tip's own line in the comments: \(tipped)")
        #expect(tipped.toast == "Tipped Luna 100 coins", "\(tipped)")
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }

    @Test(
        "dragging the playback bar's knob sideways and the claw pad up and down changes neither room nor lite mode",
        .timeLimit(.minutes(3)))
    func widgetDragsStayInTheWidget() throws {
        let s = try Session(arguments: ["--room", "studio://room/107?type=playback"])
        let opened = try Self.wait(s, "the playback room") { $0.room.id == 107 }
        #expect(opened.paused == false, "a recording opens playing: \(opened)")
        // The bar is (20, 1086, 680x72): its play button at (58, 1122), its track from x 104.
        try s.tap(58, 1122)
        try Self.wait(s, "the recording to pause") { $0.paused == true }
        try s.drag(from: (110, 1122), to: (460, 1122))
        try s.drag(from: (460, 1122), to: (110, 1122))
        let scrubbed = try Self.settled(s)
        #expect(scrubbed.room.id == 107 && !scrubbed.lite && scrubbed.paused == true, "after dragging the knob: \(scrubbed)")
        // The same drag above the bar is the room's: lite mode.
        try s.drag(from: (110, 640), to: (460, 640))
        try Self.wait(s, "lite mode from the same drag off the bar") { $0.lite }
        try s.key("l")
        try Self.wait(s, "normal mode from L") { !$0.lite }

        // On to the claw room: its pad is (0, 910, 720x240); a drag that starts on it moves
        // the claw.
        try s.key("Up")
        try Self.wait(s, "the quiz room from Up") { $0.room.id == 108 }
        try s.key("Up")
        try Self.wait(s, "the claw room from Up") { $0.room.id == 109 }
        usleep(500_000)  // the room change slides
        try s.drag(from: (360, 1140), to: (360, 920))
        try s.drag(from: (360, 920), to: (360, 1140))
        let clawed = try Self.settled(s)
        #expect(clawed.room.id == 109 && !clawed.lite, "after dragging the claw pad: \(clawed)")
        // The same drag above the pad is the room's: the previous room. It travels more than
        // a swipe's commit distance, so that it commits however slowly a busy machine plays
        // xdotool's moves (a shorter one commits only by its speed).
        try s.drag(from: (360, 580), to: (360, 880))
        try Self.wait(s, "the previous room from the same drag off the pad") { $0.room.id == 108 }
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }

    /// Pixels in the HUD's panel (its top left, below its first line) that are dark: the
    /// panel is near-black at alpha 200, so whatever is under it stays below 72 per channel.
    static func darkPixelsUnderHUD(in path: String) throws -> (dark: Int, all: Int) {
        let png = try PNGPixels(path)
        var dark = 0, all = 0
        for y in stride(from: 60, to: 540, by: 2) {
            for x in stride(from: 30, to: 510, by: 2) {
                let p = png[x: x, y: y]
                if max(p.r, p.g, p.b) < 72 { dark += 1 }
                all += 1
            }
        }
        return (dark, all)
    }

    @Test(
        "F1, F3 and F4 (a full cycle) and F2 twice leave room and lite mode alone; F5 reloads with a toast and the run goes on",
        .timeLimit(.minutes(3)))
    func functionKeys() throws {
        /// The share of dark pixels under where the HUD draws, at exit, with the HUD on or not.
        func run(showingHUD: Bool) throws -> Double {
            let s = try Session(screenshot: true)
            let before = try #require(Self.state(s))
            if showingHUD {
                for key in ["F2", "F2", "F1", "F1", "F3", "F3"] + Array(repeating: "F4", count: 6) {
                    try s.key(key)
                    usleep(100_000)
                }
                let after = try Self.settled(s)
                #expect(
                    after.room.id == before.room.id && after.lite == before.lite && after.toast == nil && !after.closed,
                    "after the F-keys: \(after), before: \(before)")
                try s.key("F5")
                let reloaded = try Self.wait(s, "a reload toast from F5") { $0.toast != nil }
                #expect(reloaded.toast?.hasPrefix("Reloaded ") == true, "\(reloaded)")
                #expect(reloaded.room.id == before.room.id && !reloaded.closed)
                try s.key("F2")
                usleep(300_000)
            }
            #expect(Self.state(s)?.closed == false && s.process.isRunning)
            try s.key("Escape")
            #expect(try s.waitForExit() == 0, "\(s.stderr)")
            let pixels = try Self.darkPixelsUnderHUD(in: s.screenshotPath)
            return Double(pixels.dark) / Double(pixels.all)
        }
        let with = try run(showingHUD: true)
        let without = try run(showingHUD: false)
        // The panel's text and graphs are bright; the rest of it is dark.
        #expect(with > 0.6, "only \(with) of the HUD's area is dark with F2 on (\(without) without)")
        #expect(without < with - 0.3, "\(without) of the HUD's area is dark without the HUD, \(with) with it")
    }

    @Test(
        "the host card's Follow, the activity icon, the audience avatars (rank list), the cart and a product's Buy answer a real click",
        .timeLimit(.minutes(3)))
    func touchableWidgets() throws {
        let s = try Session()
        try s.tap(372, 98)  // Follow on the host card
        try Self.wait(s, "the follow toast") { $0.toast == "Following Luna" }
        try s.tap(625, 294)  // the Lucky Box activity icon
        try Self.wait(s, "the activity icon's toast") { $0.toast?.contains("opens in") == true }
        try s.tap(560, 178)  // the audience avatars open the rank list
        try Self.wait(s, "the rank list from the avatars") { $0.sheet == "rankDialog" }
        try s.tap(360, 200)  // above the sheet: it closes
        try Self.wait(s, "the rank list closed by a tap outside") { $0.sheet == nil && $0.room.id == 101 }
        try s.key("Up")
        try Self.wait(s, "the shopping room") { $0.room.id == 102 }
        usleep(600_000)  // the room change settles
        try s.tap(662, 1120)  // the cart
        try Self.wait(s, "the cart's toast") { $0.toast?.hasSuffix("products in this live") == true }
        try s.tap(330, 732)  // Buy asks to confirm...
        usleep(400_000)
        try s.tap(283, 732)  // ...and Confirm pays
        try Self.wait(s, "the order toast") { $0.toast?.hasPrefix("Order placed: ") == true && $0.room.id == 102 }
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }
}
