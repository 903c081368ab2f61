import CommandFixtures
import Foundation
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The barrage, its settings and paid messages in the real window under Xvfb, with real X
/// input: a recording played with `--feed-file` and a scenario's super chat; the super chat's
/// card closes on a tap and its chip opens it again; the 弹 button opens the settings sheet,
/// whose ½ chip halves the barrage's area; the setting follows the viewer to the next room.
@Suite(
    "danmaku and super chats in the real window with real X input", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct WindowDanmakuTests {
    typealias Session = WindowEndToEndTests.Session

    struct State: Decodable, CustomStringConvertible {
        struct Room: Decodable { var id: Int }
        var room: Room
        var sheet: String?
        var superChats: Int?
        var superChatCard: String?
        var danmakuArea: String?
        var danmakuOnScreen: Int?

        var description: String {
            "room \(room.id)" + (sheet.map { " sheet \($0)" } ?? "") + " super chats \(superChats ?? -1)"
                + " card \(superChatCard ?? "none") area \(danmakuArea ?? "none") on screen \(danmakuOnScreen ?? -1)"
        }
    }

    static func wait(_ s: Session, _ what: String, _ condition: (State) -> Bool) throws -> State {
        var last: State?
        do {
            try WindowEndToEndTests.wait(what, seconds: 8, stderr: s.stderrPath) {
                last = (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap {
                    try? JSONDecoder().decode(State.self, from: $0)
                }
                return last.map(condition) ?? false
            }
        } catch {
            throw WindowEndToEndTests.DriveFailure("\(error); last state: \(last.map(String.init(describing:)) ?? "none")")
        }
        return last!
    }

    @Test(
        "a played recording fills the barrage; a super chat's card and chip answer taps; the 弹 sheet halves the area for this room and the next with a barrage",
        .timeLimit(.minutes(3)))
    func barrageSettingsAndSuperChats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("danmaku-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("sc.jsonl")
        try Data(#"{"t": 0.5, "superChat": {"user": "Ana", "text": "加油 😀", "price": 50}}"#.utf8).write(to: scenario)
        let recording = BuiltStudio.repository.appendingPathComponent("Assets/danmaku/demo-recording.xml").path
        let s = try Session(arguments: ["--feed-file", recording, "--scenario", scenario.path])

        // The super chat opens its card; a tap on the card closes it, one on its chip opens it.
        try Self.wait(s, "the super chat's card") { $0.superChats == 1 && $0.superChatCard == "Ana" }
        let widgetTop = 212.0, card = (x: 20 + 240.0, y: widgetTop + 52 + 66)
        try s.tap(card.x, card.y)
        try Self.wait(s, "the card to close on a tap") { $0.superChatCard == nil && $0.superChats == 1 }
        try s.tap(20 + 58, widgetTop + 22)
        try Self.wait(s, "the chip to open the card again") { $0.superChatCard == "Ana" }

        // The recording's danmaku cross the band.
        try Self.wait(s, "the recording's danmaku on screen") { ($0.danmakuOnScreen ?? 0) > 0 }

        // The 弹 button (638, 640, 60x60, above the rotate button, beside the gift track) opens
        // the settings sheet; its ½ chip halves the area.
        try s.tap(668, 670)
        try Self.wait(s, "the danmaku settings sheet") { $0.sheet == "danmakuSheet" }
        usleep(400_000)  // the sheet slides up
        let top = 1280 - DanmakuSheetLayout.sheetHeight
        let half = DanmakuSheetLayout.chipRect(row: 1, index: 1)
        try s.tap(half.midX, top + half.midY)
        try Self.wait(s, "the area to be half") { $0.danmakuArea == "half" }
        // A tap above the sheet closes it; the setting stays, and follows to the next room.
        try s.tap(360, 300)
        try Self.wait(s, "the sheet to close") { $0.sheet == nil }
        // The next room with a barrage is the hosts loop, two rooms on (shopping has none).
        try s.key("Up")
        try Self.wait(s, "the shopping room") { $0.room.id == 102 }
        usleep(500_000)  // the room change slides
        try s.key("Up")
        let next = try Self.wait(s, "the hosts loop") { $0.room.id == 103 && $0.danmakuArea != nil }
        #expect(next.danmakuArea == "half", "\(next)")
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }
}

/// A long press on the comment list while the room's chat runs at 10,000 comments a second,
/// with real X input: the finger rests still for a second on the newest bubble and the
/// menu opens, whatever arrives meanwhile.
@Suite(
    "long press in a busy room, in the real window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct BusyRoomLongPressTests {
    typealias Session = WindowEndToEndTests.Session

    struct State: Decodable {
        var commentMenu: String?
    }

    /// A danmaku file of `perSecond` comments a second for `seconds` seconds, from 0.5 s on.
    static func busyFile(_ url: URL, perSecond: Int, seconds: Int) throws {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><i><chatserver>chat.bilibili.com</chatserver>"# + "\n"
        let total = perSecond * seconds
        xml.reserveCapacity(total * 80)
        for k in 0..<total {
            let t = 0.5 + Double(k) / Double(perSecond)
            xml += #"<d p="\#(t),1,25,16777215,1700000000,0,\#(String(k, radix: 16)),\#(k)">弹幕 \#(k)</d>"# + "\n"
        }
        xml += "</i>\n"
        try Data(xml.utf8).write(to: url)
    }

    @Test(
        "a one-second press on the newest bubble opens its menu at 10,000 comments a second",
        .timeLimit(.minutes(2)))
    func longPressAtTenThousand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busy-press-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("busy.xml")
        try Self.busyFile(file, perSecond: 10_000, seconds: 12)
        let s = try Session(arguments: ["--feed-file", file.path])
        // Wait until the chat runs, then rest a finger on the newest bubble (the list's
        // bottom line, above the bottom bar) for a second, still.
        usleep(2_000_000)
        try s.xdotool(s.at(80, 1124) + ["mousedown", "1", "sleep", "1", "mouseup", "1"])
        var last: State?
        try WindowEndToEndTests.wait("the comment menu", seconds: 5, stderr: s.stderrPath) {
            last = (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap { try? JSONDecoder().decode(State.self, from: $0) }
            return last?.commentMenu != nil
        }
        #expect(last?.commentMenu?.isEmpty == false)
        try s.key("Escape")
        #expect(try s.waitForExit(seconds: 20) == 0, "\(s.stderr)")
    }
}
