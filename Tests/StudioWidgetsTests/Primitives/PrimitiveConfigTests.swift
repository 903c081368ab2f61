import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Primitives: configuration")
struct PrimitiveConfigTests {
    static var first: Int { PrimitiveRoom.firstAddedIndex }
    static let frame = "\"frame\": { \"width\": 100, \"height\": 40 }"

    @Test("two entries with one id are an error naming both key paths")
    func duplicateID() throws {
        let error = try #require(
            PrimitiveRoom.error(
                adding: """
                    { "widget": "shape", "id": "badge", "options": { \(Self.frame) } },
                    { "widget": "text", "id": "badge", "options": { \(Self.frame), "text": "x" } }
                    """))
        #expect(error.keyPath == "widgets[\(Self.first + 1)].id")
        #expect(error.reason.contains("'badge'") && error.reason.contains("widgets[\(Self.first)]"))
    }

    @Test("primitives without ids may be listed once each; a second one needs an id")
    func defaultIDs() throws {
        _ = try PrimitiveRoom.load(adding: "{ \"widget\": \"shape\", \"options\": { \(Self.frame) } }")
        let error = try #require(
            PrimitiveRoom.error(
                adding: """
                    { "widget": "shape", "options": { \(Self.frame) } }, { "widget": "shape", "options": { \(Self.frame) } }
                    """))
        #expect(error.keyPath == "widgets[\(Self.first + 1)].widget" && error.reason.contains("widgets[\(Self.first)]"))
    }

    @Test("an id on a widget the studios find by catalog name is an error")
    func idOnCatalogWidget() throws {
        let error = try #require(PrimitiveRoom.error(adding: "{ \"widget\": \"docker\", \"id\": \"docker2\" }"))
        #expect(error.keyPath == "widgets[\(Self.first)].id" && error.reason.contains("takes no id"))
    }

    @Test(
        "wrong types, out-of-range numbers and unknown keys name their key path, nested ones too",
        arguments: [
            (
                "{ \"widget\": \"shape\", \"options\": { \"frame\": { \"width\": \"wide\", \"height\": 40 } } }", "options.frame.width",
                "must be a number"
            ),
            (
                "{ \"widget\": \"text\", \"options\": { \(frame), \"text\": \"x\", \"fontSize\": 1000 } }", "options.fontSize",
                "between 6.0 and 200.0"
            ),
            ("{ \"widget\": \"shape\", \"options\": { \(frame), \"colour\": \"#FFFFFF\" } }", "options.colour", "unknown option"),
            ("{ \"widget\": \"shape\", \"options\": { \(frame), \"color\": \"pink\" } }", "options.color", "#RRGGBB"),
            ("{ \"widget\": \"shape\", \"options\": { \"frame\": { \"width\": 100 } } }", "options.frame.height", "is required"),
            (
                "{ \"widget\": \"shape\", \"options\": { \(frame), \"gradient\": { \"colors\": [\"#FFFFFF\"] } } }",
                "options.gradient.colors", "at least 2"
            ),
            (
                "{ \"widget\": \"sprite\", \"options\": { \(frame), \"image\": \"s\", \"frameWidth\": 8, \"frameHeight\": 8 } }",
                "options.frameCount", "is required"
            ),
            (
                "{ \"widget\": \"shape\", \"options\": { \(frame), \"tap\": { \"toast\": \"a\", \"event\": \"b\" } } }", "options.tap",
                "exactly one"
            ),
            (
                "{ \"widget\": \"shape\", \"options\": { \(frame), \"tap\": { \"toast\": \"a\" }, \"penetrate\": true } }",
                "options.penetrate", "never runs"
            ),
            ("{ \"widget\": \"shape\", \"options\": { \(frame), \"tap\": { \"sheet\": \"docker\" } } }", "options.tap.sheet", "valid: "),
            (
                "{ \"widget\": \"group\", \"options\": { \(frame), \"children\": [ { \"widget\": \"shape\", \"options\": { \"frame\": { \"width\": 1, \"height\": 0 } } } ] } }",
                "options.children[0].options.frame.height", "between 1.0 and 4000.0"
            ),
            (
                "{ \"widget\": \"group\", \"options\": { \(frame), \"children\": [ { \"widget\": \"docker\" } ] } }",
                "options.children[0].widget", "valid: shape, text, image, sprite, group"
            ),
        ])
    func optionErrors(entry: String, path: String, words: String) throws {
        let error = try #require(PrimitiveRoom.error(adding: entry))
        #expect(error.keyPath == "widgets[\(Self.first)].\(path)")
        #expect(error.reason.contains(words), "\(error)")
    }

    @Test("a sheet action naming a sheet the room does not list is an error that lists the room's widgets")
    func missingSheet() throws {
        let error = try #require(
            PrimitiveRoom.error(
                adding: "{ \"widget\": \"shape\", \"options\": { \(Self.frame), \"tap\": { \"sheet\": \"rankDialog\" } } }",
                removing: "{ \"widget\": \"rankDialog\", \"level\": 452 },"))
        #expect(error.keyPath == "widgets[\(Self.first - 1)].options.tap.sheet")
        #expect(error.reason.contains("'rankDialog'") && error.reason.contains("giftPanel"))
    }

    @Test("the designer mock fixture loads, and its group holds the four other kinds of primitive")
    func designerMock() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/DesignerMock/studios/audience.json").path
        let f = try ConfiguredStudioFixture(config: try StudioConfigLoader().load(path: path))
        let badge = try #require(f.widget("starHuntBadge", as: GroupPrimitive.self))
        let kinds = Set(badge.children.map { String(describing: type(of: $0)) })
        #expect(kinds == ["ImagePrimitive", "SpritePrimitive", "ShapePrimitive", "TextPrimitive"])
        #expect(badge.children.count == 6)
        f.tap(at: f.center(of: badge))
        #expect(f.widget("giftPanel", as: GiftPanelWidget.self)?.isPresented == true)
    }
}
