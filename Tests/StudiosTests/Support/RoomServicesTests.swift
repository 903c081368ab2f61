import RoomFixtures
import Foundation
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioKit
@testable import StudioWidgets
@testable import Studios

/// Widgets reach their room through services their context offers (`LiteModeService`,
/// `LiveSessionService`, ...), not by downcasting to a studio class: a fake room that
/// provides only some of them is enough to drive a widget, and none of the widget sources
/// names a studio class in a cast.
@Suite("room services")
struct RoomServicesTests {
    /// A room with lite mode and nothing else.
    final class FakeRoom: StudioHost, LiteModeService {
        let announcer = Announcer()
        let room = RoomInfo.placeholder
        let environment = StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1)
        var isLiteMode = false
        var toggles = 0
        func toggleLiteMode() {
            toggles += 1
            isLiteMode.toggle()
        }
    }

    /// A room with no service at all.
    final class BareRoom: StudioHost {
        let announcer = Announcer()
        let room = RoomInfo.placeholder
        let environment = StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1)
    }

    static func attach(_ widget: Widget, to host: any StudioHost) throws -> Widget {
        let root = Widget(name: "root", level: 0, frame: Rect(origin: .zero, size: .studio))
        root.attach(WidgetContext(studio: host, announcer: host.announcer, layer: .lite, environment: host.environment))
        try root.addChild(widget)
        return root
    }

    @Test("a lite switch drives a fake room's lite mode; in a room without lite mode it takes no tap")
    func fakeLiteMode() throws {
        let room = FakeRoom()
        let liteSwitch = LiteSwitchWidget()
        let root = try Self.attach(liteSwitch, to: room)
        #expect(liteSwitch.context?.liteMode != nil)
        #expect(liteSwitch.context?.liveSession == nil, "the fake provides no live session")
        #expect(liteSwitch.handleTap(at: Point(x: 10, y: 10)))
        #expect(room.toggles == 1 && room.isLiteMode)
        let bare = BareRoom()
        let other = LiteSwitchWidget()
        let bareRoot = try Self.attach(other, to: bare)
        #expect(other.context?.liteMode == nil)
        #expect(!other.handleTap(at: Point(x: 10, y: 10)))
        _ = (root, bareRoot)
    }

    @Test("the shipped rooms provide every service their widgets ask for")
    func shippedRoomsProvide() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let context = try #require(f.widget("liteSwitch")?.context)
        #expect(context.liteMode != nil && context.textFocus != nil && context.likes != nil && context.roomExit != nil)
        #expect(context.liveSession != nil && context.orientation != nil && context.widgets != nil)
        #expect(context.kindTitle == f.config.title)
        #expect(context.widgets?.widget(DanmakuWidget.self) != nil)
    }

    @Test("no widget source casts to a studio class")
    func noDowncasts() throws {
        var root = URL(fileURLWithPath: #filePath)
        while root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        root.deleteLastPathComponent()
        let folders = ["Sources/StudioWidgets"]
        let cast = try Regex(#"as[?!]\s*[A-Za-z]*Studio\b|context\??\.studio\s+as"#)
        var scanned = 0
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            let files =
                FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains(cast) {
                    Issue.record("\(folder)/\(file):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100)
    }
}
