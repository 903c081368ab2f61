import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Business widgets draw in their layers")
struct BusinessLayerTests {
    /// Puts `widget` in a state where it draws (sheets open, banner and window shown).
    static func activate(_ widget: Widget) {
        switch widget {
        case let sheet as BottomSheetWidget: sheet.present()
        case let banner as WinnerBannerWidget: banner.show(.opponentWon)
        case let window as CoStreamWindowWidget: window.join(name: "Momo")
        default: break
        }
    }

    @Test(
        "each business widget at its default level draws only in that level's layer",
        arguments: WidgetCatalog.kindWidgets.map { $0.catalogName })
    func onlyItsLayer(name: String) throws {
        let type = try #require(WidgetCatalog.standard().type(named: name))
        let f = try BusinessStudioFixture()
        let widget = try f.add(try type.make(level: type.defaultLevel, options: .none()))
        Self.activate(widget)
        f.isolate(widget)
        f.run(seconds: 0.5)
        let list = f.draw()
        let layer = try LayerKind.of(level: type.defaultLevel)
        #expect(!list.items(in: layer).isEmpty, "\(name) drew nothing")
        for other in LayerKind.allCases where other != layer {
            #expect(list.items(in: other).isEmpty, "\(name) drew in \(other)")
        }
        #expect(list.count == list.items(in: layer).count)
    }

    @Test(
        "each business widget's frame lies on the screen",
        arguments: WidgetCatalog.kindWidgets.map { $0.catalogName })
    func onScreen(name: String) throws {
        let type = try #require(WidgetCatalog.standard().type(named: name))
        let f = try BusinessStudioFixture()
        let widget = try f.add(try type.make(level: type.defaultLevel, options: .none()))
        #expect(Rect(origin: .zero, size: .studio).contains(widget.frame), "\(name) at \(widget.frame)")
    }
}
