// A widget that needs a room service, and the kind whose rooms provide it. The widget
// declares the service, so a room of another kind refuses it by name; inside a room that
// provides it, the widget reads it through its context. `swift run WidgetReadingAService`.
import StudioKit
import Studios

// snippet.show
/// What the widget needs from its room: the score, kept by the room.
public protocol ScoreboardService: AnyObject {
    var score: Int { get }
}

/// The scoreboard kind: its rooms keep the score and provide it as the service.
public final class ScoreboardRoom: RoomPart, StudioKind, ScoreboardService {
    public let link = RoomLink()
    public static let kind: RoomKind = "scoreboard"
    public static let requiredWidgets: [String] = []
    public private(set) var score = 0

    public init() {}

    public func roomDidLoad() {
        listen(to: .likeTapped) { room, _ in room.score += 1 }
    }
}

/// A label that shows the room's score.
public final class ScoreWidget: Widget, CatalogWidget {
    public static let catalogName = "score"
    /// On the movable layer, between the activity icon and the comment list.
    public static var defaultLevel: Double { 240 }

    /// The services a room must provide for this widget; a room without them refuses it.
    public override class var requiredServices: [RoomServiceKey] {
        [RoomServiceKey((any ScoreboardService).self)]
    }

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return ScoreWidget(name: catalogName, level: level, frame: Rect(x: 20, y: 200, width: 160, height: 40))
    }

    /// The room's score, through the widget's context: nil only before the widget loads.
    public var score: Int? { context?.service((any ScoreboardService).self)?.score }

    public override func draw(in canvas: Canvas) {
        canvas.text("Score \(score ?? 0)", font: FontSpec(size: 24), color: .white, at: .zero)
    }
}
// snippet.hide

// A scoreboard room with the widget, tapped twice, and a plain audience room, which
// refuses the widget: MissingRoomServiceError names the widget, the service and the kind
// that provides it.
let factory = StudioFactory(
    types: .standard + StudioTypes([StudioKindRegistration(ScoreboardRoom.self)]),
    catalog: .standard() + WidgetCatalog([ScoreWidget.self]))
let environment = StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1)
func config(_ kind: RoomKind) -> StudioConfig {
    StudioConfig(kind: kind, title: "Scores", widgets: [.init(name: ScoreWidget.catalogName, level: ScoreWidget.defaultLevel)])
}
var room = RoomInfo.placeholder
room.kind = ScoreboardRoom.kind
let studio = try factory.makeStudio(config: config(ScoreboardRoom.kind), room: room, environment: environment)
studio.load()
studio.announcer.publish(.likeTapped, Point(x: 1, y: 1))
studio.announcer.publish(.likeTapped, Point(x: 2, y: 2))
studio.announcer.deliverQueued()
print("score shown: \(studio.widget(ScoreWidget.self)?.score ?? -1)")
do {
    _ = try factory.makeStudio(config: config(StudioKinds.audience), room: .placeholder, environment: environment)
} catch let error as MissingRoomServiceError {
    print("an audience room refuses it: \(error)")
}
