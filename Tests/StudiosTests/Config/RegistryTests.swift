import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// A widget registered from outside the standard catalog.
private final class BadgeProbeWidget: Widget, CatalogWidget {
    static let catalogName = "badgeProbe"
    static let defaultLevel = 320.0
    static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let width = try options.double("width", default: 100, in: 1...720)
        try options.finish()
        return BadgeProbeWidget(name: catalogName, level: level, frame: Rect(x: 10, y: 200, width: width, height: 40))
    }
}

/// A second widget that claims the standard catalog's name "toast".
private final class ToastImpostor: Widget, CatalogWidget {
    static let catalogName = "toast"
    static let defaultLevel = 480.0
    static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return ToastImpostor(name: catalogName, level: level, frame: .zero)
    }
}

@Suite("Registering widgets, kinds and rooms from another module")
struct RegistryTests {
    /// A folder holding `files` (name → text), removed by the caller.
    private func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    private static let badgeKind = ConfigSamples.audience
        .replacingOccurrences(of: "\"kind\": \"audience\"", with: "\"kind\": \"badgeDemo\"")
        .replacingOccurrences(
            of: "{ \"widget\": \"toast\" }",
            with: "{ \"widget\": \"toast\" },\n    { \"widget\": \"badgeProbe\", \"options\": { \"width\": 240 } }")

    /// The standard catalog plus the probe widget and a `badgeDemo` kind that is only its
    /// configuration file.
    private static func badgeCatalog(configuration: URL) -> Catalog {
        Catalog.standard
            + Catalog(
                widgets: WidgetCatalog([BadgeProbeWidget.self]),
                kinds: StudioTypes([StudioKindRegistration(kind: "badgeDemo", configuration: configuration)]))
    }

    @Test("a widget name registered by two modules is a conflict naming both and the fix")
    func widgetConflict() {
        let theirs = WidgetCatalog([ToastImpostor.self], fileID: "LuckyWheel/Impostor.swift")
        let sum = WidgetCatalog.standard() + theirs
        #expect(sum.conflicts.count == 1)
        #expect(
            "\(sum.conflicts[0])" == "widget 'toast' is registered twice, by StudioWidgets and by LuckyWheel; "
                + "register the widget once, or give one of them another `catalogName`")
        // The first registration stays: the standard toast is not replaced behind the user's back.
        #expect(sum.type(named: "toast") == ToastWidget.self)
        let problems = (Catalog.standard + Catalog(widgets: theirs)).problems()
        #expect(problems.map(\.description) == sum.conflicts.map(\.description))
    }

    @Test("a kind registered twice is a conflict naming both modules")
    func kindConflict() {
        let url = URL(fileURLWithPath: "/nowhere/pk.json")
        let theirs = StudioTypes([StudioKindRegistration(kind: StudioKinds.pk, configuration: url, fileID: "PKPlus/PK.swift")])
        let problems = (Catalog.standard + Catalog(kinds: theirs)).problems()
        #expect(
            problems.map(\.description) == [
                "studio kind 'pk' is registered twice, by Studios and by PKPlus; "
                    + "register the kind once, or give one of them another `kind`"
            ])
    }

    @Test("a room of an unregistered kind, and two rooms with one id, are problems naming the room")
    func roomProblems() {
        let rooms = [
            RoomInfo(
                id: 101, kind: "karaoke", title: "Sing along", hostName: "Kai",
                cover: ImageRef("cover-1"), onlineCount: 10)
        ]
        let problems = (Catalog.standard + Catalog(rooms: rooms)).problems().map(\.description)
        #expect(problems.count == 2)
        #expect(problems[0].hasPrefix("room 101 ('Sing along') is of kind 'karaoke', which no module registered"))
        #expect(problems[1] == "two rooms have id 101; give the room 'Sing along' another id")
        #expect(Catalog.standard.problems().isEmpty)
    }

    @Test("a registered kind's own configuration is read with the folder, builds its widgets, and the folder can override it")
    func registeredConfiguration() throws {
        let package = try folder(["badgeDemo.json": Self.badgeKind])
        let assets = try folder(["audience.json": ConfigSamples.audience])
        defer {
            try? FileManager.default.removeItem(at: package)
            try? FileManager.default.removeItem(at: assets)
        }
        let catalog = Self.badgeCatalog(configuration: package.appendingPathComponent("badgeDemo.json"))
        let loaded = try catalog.loader.loadEach(path: assets.path)
        #expect(loaded.problems.isEmpty)
        #expect(Set(loaded.configs.keys) == ["audience", "badgeDemo"])
        let config = try #require(loaded.configs["badgeDemo"])
        let studio = try StudioFactory(types: catalog.kinds, catalog: catalog.widgets)
            .makeStudio(
                config: config, room: RoomDirectory.demoRooms[0],
                environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        // A kind with no behaviour of its own is the basic studio as configured.
        #expect(Swift.type(of: studio) == Room.self)
        #expect(studio.widget(named: "badgeProbe")?.frame.width == 240)

        // A file of the kind in the assets folder wins over the package's.
        let overridden = Self.badgeKind.replacingOccurrences(of: "\"width\": 240", with: "\"width\": 300")
        try overridden.write(to: assets.appendingPathComponent("badgeDemo.json"), atomically: true, encoding: .utf8)
        let again = try catalog.loader.loadEach(path: assets.path)
        #expect(again.configs["badgeDemo"]?.widgets.last?.options["width"] == .number(300))
    }

    @Test("without the registration the same file is an error for that file alone")
    func unregisteredKindFailsAlone() throws {
        let assets = try folder(["audience.json": ConfigSamples.audience, "badgeDemo.json": Self.badgeKind])
        defer { try? FileManager.default.removeItem(at: assets) }
        let loaded = try Catalog.standard.loader.loadEach(path: assets.path)
        #expect(Set(loaded.configs.keys) == ["audience"])
        let problem = try #require(loaded.problem(forKind: "badgeDemo"))
        #expect(problem.keyPath == "kind")
        #expect(problem.reason.contains("must be registered in the catalog"))
    }

    @Test("a registered kind's bad configuration file is its own problem, naming that file")
    func registeredBadFile() throws {
        let package = try folder(["badgeDemo.json": Self.badgeKind.replacingOccurrences(of: "240", with: "0")])
        let assets = try folder(["audience.json": ConfigSamples.audience])
        defer {
            try? FileManager.default.removeItem(at: package)
            try? FileManager.default.removeItem(at: assets)
        }
        let catalog = Self.badgeCatalog(configuration: package.appendingPathComponent("badgeDemo.json"))
        let loaded = try catalog.loader.loadEach(path: assets.path)
        #expect(Set(loaded.configs.keys) == ["audience"])
        let problem = try #require(loaded.problem(forKind: "badgeDemo"))
        #expect(problem.file == package.appendingPathComponent("badgeDemo.json").path)
        #expect(problem.keyPath.hasSuffix("options.width"))
    }
}
