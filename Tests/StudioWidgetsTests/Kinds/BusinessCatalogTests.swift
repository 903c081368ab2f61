import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Business widgets in the catalog")
struct BusinessCatalogTests {
    /// Each business widget's catalog name and the layer its default level must fall in.
    static let expectedLayers: [String: LayerKind] = [
        "audienceList": .movable, "rankDialog": .float, "shareSheet": .float, "commentComposer": .float, "giftPanel": .float,
        "pkBar": .movable, "winnerBanner": .float, "pkOpponent": .displayer,
        "productCards": .movable, "cartButton": .movable, "quizCard": .movable, "clawPad": .lite,
        "playbackBar": .movable, "priceTicker": .movable, "coStreamWindow": .displayer,
        "hostPanel": .movable, "hostsLoop": .movable,
    ]

    @Test("the catalog knows every business widget by the name configurations use")
    func names() throws {
        let catalog = WidgetCatalog.standard()
        #expect(Set(WidgetCatalog.kindWidgets.map { $0.catalogName }) == Set(Self.expectedLayers.keys))
        for name in Self.expectedLayers.keys {
            let type = try #require(catalog.type(named: name), "\(name) missing")
            let widget = try type.make(level: type.defaultLevel, options: .none())
            #expect(widget.level == type.defaultLevel)
            #expect(Swift.type(of: widget) == type)
        }
    }

    @Test("each default level lies in its widget's layer and no other catalog widget shares it")
    func defaultLevels() throws {
        let all = WidgetCatalog.standard().entries.values
        for type in WidgetCatalog.kindWidgets {
            #expect(try LayerKind.of(level: type.defaultLevel) == Self.expectedLayers[type.catalogName], "\(type.catalogName)")
            let sharing = all.filter { $0.defaultLevel == type.defaultLevel }.map { $0.catalogName }
            #expect(sharing == [type.catalogName], "level \(type.defaultLevel) is shared: \(sharing)")
        }
    }

    @Test("every business widget rejects an unknown option, naming its key path and the valid keys")
    func unknownOption() {
        for type in WidgetCatalog.kindWidgets {
            let error = #expect(throws: ConfigError.self, "\(type.catalogName)") {
                try type.make(level: type.defaultLevel, options: testOptions(["colour": .string("red")]))
            }
            #expect(error?.file == "test.json")
            #expect(error?.keyPath == "widgets[0].options.colour", "\(type.catalogName)")
            #expect(error?.reason.contains("unknown option") == true)
        }
    }

    @Test(
        "a mistyped or out-of-range option names its key path",
        arguments: [
            ("audienceList", "shown", JSONValue.number(9)),
            ("rankDialog", "title", .number(3)),
            ("shareSheet", "targets", .array([])),
            ("pkBar", "duration", .string("long")),
            ("pkBar", "x", .number(-3)),
            ("winnerBanner", "duration", .number(0)),
            ("pkOpponent", "name", .bool(true)),
            ("productCards", "rotateEvery", .number(-1)),
            ("cartButton", "count", .number(1.5)),
            ("quizCard", "language", .string("fr")),
            ("clawPad", "winChance", .number(2)),
            ("playbackBar", "duration", .number(0)),
            ("priceTicker", "capacity", .number(5)),
            ("coStreamWindow", "joinAfter", .bool(true)),
            ("hostPanel", "smooth", .number(101)),
            ("hostsLoop", "period", .number(1)),
        ])
    func badOption(name: String, key: String, value: JSONValue) throws {
        let type = try #require(WidgetCatalog.standard().type(named: name))
        let error = #expect(throws: ConfigError.self) {
            try type.make(level: type.defaultLevel, options: testOptions([key: value]))
        }
        #expect(error?.keyPath == "widgets[0].options.\(key)")
    }

    @Test("options a configuration gives are the widget's settings")
    func goodOptions() throws {
        let bar = try #require(
            try PKBarWidget.make(
                level: 219,
                options: testOptions([
                    "duration": .number(30), "restartAfter": .number(3), "simulate": .bool(false), "y": .number(400),
                ])) as? PKBarWidget)
        #expect(bar.level == 219 && bar.roundDuration == 30 && bar.restartDelay == 3 && !bar.simulates)
        let f = try BusinessStudioFixture()
        try f.add(bar)
        #expect(bar.frame.origin == Point(x: 20, y: 400))
        let ticker = try #require(
            try PriceTickerWidget.make(
                level: Levels.priceTicker,
                options: testOptions([
                    "symbol": .string("600519"), "open": .number(1700), "colors": .string("redUp"),
                ])) as? PriceTickerWidget)
        #expect(ticker.symbol == "600519" && ticker.open == 1700 && ticker.redUp)
    }

    @Test("business widgets that were never loaded update, draw and take taps without a studio")
    func unloaded() throws {
        let canvas = Canvas(measurer: ApproximateTextMeasurer())
        for type in WidgetCatalog.kindWidgets {
            let widget = try type.make(level: type.defaultLevel, options: .none())
            for i in 1...120 { widget.updateTree(FrameStep(dt: 1.0 / 60, time: Double(i) / 60, index: i)) }
            widget.drawTree(in: canvas)
            _ = widget.handleTap(at: Point(x: 10, y: 10))
            #expect(!widget.isLoaded)
        }
    }
}
