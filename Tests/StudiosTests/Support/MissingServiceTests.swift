import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// A widget that cannot work without a room service says so (`Widget.requiredServices`),
/// and a room that lacks the service refuses the widget with an error naming the widget,
/// the service and the kinds whose rooms provide it: never a widget left to find nil.
@Suite("missing room services")
struct MissingServiceTests {
    /// A service only the scoreboard kind's rooms provide.
    protocol ScoreboardService: AnyObject {
        var score: Int { get }
    }

    final class ScoreboardRoom: RoomPart, StudioKind, ScoreboardService {
        let link = RoomLink()
        static let kind: RoomKind = "scoreboard"
        static let requiredWidgets: [String] = []
        var score = 7
    }

    final class ScoreWidget: Widget, CatalogWidget {
        static let catalogName = "score"
        static var defaultLevel: Double { 350 }
        override class var requiredServices: [RoomServiceKey] { [RoomServiceKey((any ScoreboardService).self)] }

        static func make(level: Double, options: WidgetOptions) throws -> Widget {
            try options.finish()
            return ScoreWidget(name: catalogName, level: level, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        }

        var shown: Int? { context?.service((any ScoreboardService).self)?.score }
    }

    static var factory: StudioFactory {
        StudioFactory(
            types: .standard + StudioTypes([StudioKindRegistration(ScoreboardRoom.self)]),
            catalog: .standard() + WidgetCatalog([ScoreWidget.self]))
    }

    static func config(_ kind: RoomKind) -> StudioConfig {
        StudioConfig(kind: kind, title: "Scores", widgets: [.init(name: ScoreWidget.catalogName, level: 350)])
    }

    static func environment() -> StudioEnvironment { StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1) }

    @Test("a room of a kind that provides the service builds, and the widget reads it")
    func provided() throws {
        var room = RoomInfo.placeholder
        room.kind = ScoreboardRoom.kind
        let studio = try Self.factory.makeStudio(config: Self.config(ScoreboardRoom.kind), room: room, environment: Self.environment())
        studio.load()
        let widget = try #require(studio.widget(ScoreWidget.self))
        #expect(widget.shown == 7)
    }

    @Test("a room of another kind refuses the widget, naming it, the service and the kinds that provide it")
    func missing() throws {
        let error = #expect(throws: MissingRoomServiceError.self) {
            _ = try Self.factory.makeStudio(
                config: Self.config(StudioKinds.audience), room: .placeholder, environment: Self.environment())
        }
        let missing = try #require(error)
        #expect(missing.widget == "score")
        #expect(missing.service.name == "ScoreboardService")
        #expect(missing.kind == StudioKinds.audience)
        #expect(missing.providingKinds == [ScoreboardRoom.kind])
        #expect("\(missing)".contains("widget 'score' (ScoreWidget) needs ScoreboardService"), "\(missing)")
        #expect("\(missing)".contains("kinds that provide it: scoreboard"), "\(missing)")
    }

    /// A kind whose part needs the scoreboard, which no part of its rooms keeps.
    final class ScoreReader: RoomPart, StudioKind {
        let link = RoomLink()
        static let kind: RoomKind = "scoreReader"
        static let requiredWidgets: [String] = []
        static var requiredServices: [RoomServiceKey] { [RoomServiceKey((any ScoreboardService).self)] }
    }

    @Test("a room whose part needs a service no part provides is refused when it is built, naming the part, the service and the kind")
    func partMissing() throws {
        let factory = StudioFactory(types: .standard + StudioTypes([StudioKindRegistration(ScoreReader.self)]))
        let config = StudioConfig(kind: ScoreReader.kind, title: "Reader", widgets: [])
        let error = #expect(throws: MissingPartServiceError.self) {
            _ = try factory.makeStudio(config: config, room: .placeholder, environment: Self.environment())
        }
        let missing = try #require(error)
        #expect(missing.part == "ScoreReader" && missing.service.name == "ScoreboardService" && missing.kind == ScoreReader.kind)
        #expect("\(missing)".contains("part ScoreReader of the 'scoreReader' room needs ScoreboardService"), "\(missing)")
    }

    @Test("a bare room refuses a widget whose service it lacks")
    func layered() throws {
        let studio = Room(room: .placeholder, environment: Self.environment())
        #expect(throws: MissingRoomServiceError.self) {
            try studio.add(RotateButtonWidget())
        }
        // Lite mode is the room's own: its switch is welcome.
        try studio.add(LiteSwitchWidget())
    }
}
