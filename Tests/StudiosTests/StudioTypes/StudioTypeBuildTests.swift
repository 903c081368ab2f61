import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// Each studio kind, built from its shipped configuration, shows what the configuration
/// says where it says.
@Suite("Studio types built from their configurations")
struct StudioTypeBuildTests {
    @Test("each kind's room is composed of the room's own parts, then its kind's", arguments: StudioKinds.all)
    func buildsType(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        let type = try #require(StudioTypes.standard.registration(for: kind))
        let added = type.makeParts().map { ObjectIdentifier(Swift.type(of: $0)) }
        #expect(added.isEmpty == (kind == StudioKinds.audience), "only the audience kind is its configuration alone")
        let composed = f.studio.parts.map { ObjectIdentifier(Swift.type(of: $0)) }
        #expect(composed.count == 6 + added.count)
        #expect(Array(composed.suffix(added.count)) == added)
        #expect(f.studio.lifecycle == .loaded)
        #expect(f.studio.title == f.config.title)
    }

    @Test("each configured widget sits in the layer its configured level names", arguments: StudioKinds.all)
    func widgetsInLayers(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        for entry in f.config.widgets {
            let widget = try #require(f.studio.widget(named: entry.name), "\(kind): no \(entry.name)")
            let container = try #require(widget.parent as? LayerContainer)
            #expect(widget.level == entry.level, "\(kind): \(entry.name)")
            #expect(container.kind == (try LayerKind.of(level: entry.level)), "\(kind): \(entry.name)")
            #expect(widget.isLoaded)
        }
        let configured = f.config.widgets.count
        let inLayers = LayerKind.allCases.reduce(0) { $0 + f.studio.layer($1).children.count }
        #expect(inLayers == configured)
        #expect(f.studio.root.invariantViolations().isEmpty)
    }

    @Test("the type's required widgets are present and loaded", arguments: StudioKinds.all)
    func requiredWidgets(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        let type = try #require(StudioTypes.standard.registration(for: kind))
        for name in type.requiredWidgets {
            let widget = try #require(f.studio.widget(named: name), "\(kind) lacks \(name)")
            #expect(widget.isLoaded)
            #expect(!widget.isConcealed)
        }
    }

    @Test("the configuration's concealed levels are concealed, and only those", arguments: StudioKinds.all)
    func concealing(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        #expect(f.studio.stack.concealedLevels == f.config.conceal)
        for entry in f.config.widgets {
            #expect(
                f.studio.widget(named: entry.name)?.isConcealed == f.config.conceal.contains(entry.level),
                "\(kind): \(entry.name)")
        }
    }

    @Test("the configuration's gestures and docker buttons are applied", arguments: StudioKinds.all)
    func gesturesAndDocker(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        #expect(f.studio.gestureMapping == f.config.gestures)
        if let docker = f.studio.widget(BottomBarWidget.self) {
            #expect(docker.buttons == f.config.docker)
        }
    }

    @Test(
        "after a few seconds each kind draws its title on the badge, and every layer draws",
        arguments: StudioKinds.all)
    func recognizable(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        f.run(seconds: 3)
        let list = f.draw()
        #expect(f.texts().contains(f.config.title), "\(kind): the badge does not say \(f.config.title)")
        #expect(!list.items(in: .lite).isEmpty)
        for layer in [LayerKind.background, .displayer, .movable, .lite] {
            #expect(!list.items(in: layer).isEmpty, "\(kind): layer \(layer) drew nothing")
        }
    }

    @Test("a second studio of the same configuration gets new widgets")
    func freshWidgets() throws {
        let a = try ConfiguredStudioFixture(kind: StudioKinds.pk)
        let b = try ConfiguredStudioFixture(config: a.config)
        for entry in a.config.widgets {
            #expect(a.studio.widget(named: entry.name) !== b.studio.widget(named: entry.name))
        }
    }
}
