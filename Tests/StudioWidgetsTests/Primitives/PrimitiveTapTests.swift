import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Primitives: taps")
struct PrimitiveTapTests {
    /// A spot of the audience room's movable layer no other widget takes touches on.
    static let frame = "\"frame\": { \"x\": 24, \"y\": 230, \"width\": 200, \"height\": 90 }"

    @Test("a toast action shows its text in the room's toast")
    func toast() throws {
        let f = try PrimitiveRoom.fixture(
            adding:
                "{ \"widget\": \"shape\", \"id\": \"s\", \"options\": { \(Self.frame), \"tap\": { \"toast\": \"Star Hunt opens at 8\" } } }"
        )
        f.tap(at: f.center(of: try #require(f.widget("s"))))
        #expect(f.widget("toast", as: ToastWidget.self)?.message == "Star Hunt opens at 8")
    }

    @Test("a sheet action presents the room's sheet of that name")
    func sheet() throws {
        let f = try PrimitiveRoom.fixture(
            adding: "{ \"widget\": \"shape\", \"id\": \"s\", \"options\": { \(Self.frame), \"tap\": { \"sheet\": \"rankDialog\" } } }")
        let dialog = try #require(f.widget("rankDialog", as: RankListDialogWidget.self))
        #expect(!dialog.isPresented)
        f.tap(at: f.center(of: try #require(f.widget("s"))))
        #expect(dialog.isPresented)
        #expect(f.widget("giftPanel", as: GiftPanelWidget.self)?.isPresented == false)
    }

    @Test("an event action publishes the configured event with its name and text, the widget's id by default")
    func event() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "shape", "id": "withText", "options": { \(Self.frame), "tap": { "event": "starHuntTapped", "text": "badge" } } },
                { "widget": "shape", "id": "byId", "options": { "frame": { "x": 24, "y": 330, "width": 100, "height": 30 }, "tap": { "event": "starHuntTapped" } } }
                """)
        let recorder = EventRecorder(f.studio.announcer, .configuredEvent, .roomTapped)
        f.tap(at: f.center(of: try #require(f.widget("withText"))))
        f.tap(at: f.center(of: try #require(f.widget("byId"))))
        #expect(
            recorder.values(.configuredEvent) == [
                ConfiguredEvent(name: "starHuntTapped", text: "badge"),
                ConfiguredEvent(name: "starHuntTapped", text: "byId"),
            ])
        #expect(recorder.count(of: .roomTapped) == 0)
    }

    @Test("a penetrating primitive lets a tap reach the room (hearts); one that does not takes it")
    func penetrate() throws {
        for penetrate in [true, false] {
            let f = try PrimitiveRoom.fixture(
                adding: "{ \"widget\": \"shape\", \"id\": \"s\", \"options\": { \(Self.frame), \"penetrate\": \(penetrate) } }")
            let recorder = EventRecorder(f.studio.announcer, .roomTapped)
            let hearts = try #require(f.widget("hearts", as: HeartsWidget.self))
            f.tap(at: f.center(of: try #require(f.widget("s"))))
            #expect(recorder.count(of: .roomTapped) == (penetrate ? 1 : 0), "penetrate \(penetrate)")
            #expect((hearts.heartCount > 0) == penetrate, "penetrate \(penetrate)")
        }
    }
}
