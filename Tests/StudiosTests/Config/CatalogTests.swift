import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Widget catalog")
struct CatalogTests {
    @Test("the shared widgets are in the catalog under their names")
    func sharedNames() {
        let names = Set(WidgetCatalog.standard().names)
        for name in [
            "cover", "video", "hostInfo", "commentList", "docker", "activityIcon", "liteSwitch",
            "rotateButton", "closeButton", "hearts", "toast", "studioBadge",
        ] {
            #expect(names.contains(name), "\(name)")
        }
    }

    /// No options, except the ones a primitive cannot do without (what it draws, and where).
    static func fewestOptions(_ name: String) -> WidgetOptions {
        let frame: JSONValue = .object(["width": .number(10), "height": .number(10)])
        let required: [String: [String: JSONValue]] = [
            "shape": ["frame": frame], "group": ["frame": frame], "text": ["frame": frame, "text": .string("x")],
            "image": ["frame": frame, "image": .string("cover-1")],
            "sprite": [
                "frame": frame, "image": .string("cover-1"), "frameWidth": .number(4), "frameHeight": .number(4),
                "frameCount": .number(2),
            ],
        ]
        return WidgetOptions(file: "<built-in>", keyPath: "options", values: required[name] ?? [:])
    }

    @Test("every catalog widget builds with no options (a primitive with its required ones), named as the catalog names it, at its level")
    func defaultsBuild() throws {
        let catalog = WidgetCatalog.standard()
        for name in catalog.names {
            let type = try #require(catalog.type(named: name))
            let widget = try type.make(level: type.defaultLevel, options: Self.fewestOptions(name))
            // Studios find configured widgets by this name.
            #expect(widget.name == name)
            #expect(widget.level == type.defaultLevel)
        }
    }

    @Test("a widget built at a configured level has that level")
    func configuredLevel() throws {
        for name in WidgetCatalog.standard().names {
            let widget = try WidgetCatalog.standard().type(named: name)!.make(level: 437, options: Self.fewestOptions(name))
            #expect(widget.level == 437, "\(name)")
        }
    }

    @Test("the badge's color must be #RRGGBB")
    func badgeColor() {
        let options = WidgetOptions(file: "x.json", keyPath: "widgets[2].options", values: ["color": .string("pink")])
        #expect(throws: ConfigError.self) { try StudioBadgeWidget.make(level: 305, options: options) }
        #expect(Color(parsingHex: "#FE2C55") == Color(hex: 0xFE2C55))
        #expect(Color(parsingHex: "FE2C5") == nil)
    }
}
