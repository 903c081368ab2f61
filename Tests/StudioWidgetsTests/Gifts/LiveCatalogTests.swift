import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Live widgets in the catalog")
struct LiveCatalogTests {
    private func options(_ values: [String: JSONValue]) -> WidgetOptions {
        WidgetOptions(file: "test.json", keyPath: "widgets[0].options", values: values)
    }

    @Test("the catalog names the danmaku with its button and sheet, the gift combo and gift animation widgets")
    func registered() {
        let names = WidgetCatalog(WidgetCatalog.liveWidgets).names
        #expect(names == ["danmaku", "danmakuButton", "danmakuSheet", "giftAnimation", "giftCombo"])
    }

    @Test("each live widget is built at its default level with default options")
    func defaults() throws {
        for type in WidgetCatalog.liveWidgets {
            let widget = try type.make(level: type.defaultLevel, options: .none())
            #expect(widget.level == type.defaultLevel)
            #expect(widget.name == type.catalogName)
        }
        #expect(DanmakuWidget.defaultLevel == Levels.danmaku)
        #expect(try LayerKind.of(level: Levels.danmaku) == .movable)
        #expect(try LayerKind.of(level: Levels.giftCombo) == .movable)
        #expect(try LayerKind.of(level: Levels.giftAnimation) == .float)
    }

    @Test("danmaku options configure the widget")
    func danmakuOptions() throws {
        let widget = try DanmakuWidget.make(
            level: 241,
            options: options([
                "maxOnScreen": .number(50), "queueLimit": .number(10), "duration": .number(9),
                "top": .number(100), "height": .number(400), "fontSize": .number(28),
            ]))
        let danmaku = try #require(widget as? DanmakuWidget)
        #expect(danmaku.configuration.maxOnScreen == 50)
        #expect(danmaku.configuration.queueLimit == 10)
        #expect(danmaku.configuration.duration == 9)
        #expect(danmaku.frame.minY == 100)
        #expect(danmaku.laneCount == Int(400 / danmaku.laneHeight))
    }

    @Test("an unknown or out-of-range option is an error naming the key")
    func badOptions() {
        #expect(throws: ConfigError.self) { try DanmakuWidget.make(level: 240, options: options(["lanes": .number(3)])) }
        #expect(throws: ConfigError.self) { try DanmakuWidget.make(level: 240, options: options(["maxOnScreen": .number(0)])) }
        #expect(throws: ConfigError.self) {
            try DanmakuWidget.make(level: 240, options: options(["top": .number(1000), "height": .number(500)]))
        }
        #expect(throws: ConfigError.self) { try GiftComboWidget.make(level: 260, options: options(["slots": .number(9)])) }
        #expect(throws: ConfigError.self) {
            try GiftAnimationWidget.make(level: 450, options: options(["tiers": .array([.string("huge")])]))
        }
        do {
            _ = try DanmakuWidget.make(level: 240, options: options(["maxOnScreen": .number(0)]))
        } catch let error as ConfigError {
            #expect(error.keyPath.hasSuffix("maxOnScreen"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("gift options configure the widgets")
    func giftOptions() throws {
        let combo = try #require(
            try GiftComboWidget.make(
                level: 260,
                options: options([
                    "slots": .number(3), "stay": .number(2), "tiers": .array([.string("small")]),
                ])) as? GiftComboWidget)
        #expect(combo.configuration.slots == 3)
        #expect(combo.configuration.tiers == [.small])
        let animation = try #require(
            try GiftAnimationWidget.make(
                level: 450,
                options: options([
                    "cutInFactor": .number(5), "tiers": .array([.string("medium"), .string("fullScreen")]),
                ])) as? GiftAnimationWidget)
        #expect(animation.configuration.cutInFactor == 5)
        #expect(animation.configuration.tiers == [.medium, .fullScreen])
    }
}
