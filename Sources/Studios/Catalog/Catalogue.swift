import Foundation
import StudioKit

/// Everything an app built on LiveStudio can show: the widgets configurations may name, the
/// studio kinds, and the rooms of the demo directory. `standard` is LiveStudio's own; a
/// package adds its widgets, kinds and rooms with `+`:
///
/// ```swift
/// StudioApp.main(catalogue: .standard + LuckyWheel.catalogue)
/// ```
public struct Catalogue: Sendable {
    public var widgets: WidgetCatalog
    public var kinds: StudioTypes
    /// Rooms a session can open and swipe through, in order.
    public var rooms: [RoomInfo]
    /// The actions scenarios may use: an application adds its own server messages here.
    public var scenarioActions: ScenarioVocabulary

    public init(widgets: WidgetCatalog = WidgetCatalog([]), kinds: StudioTypes = StudioTypes([StudioKindRegistration]()),
                rooms: [RoomInfo] = [], scenarioActions: ScenarioVocabulary = ScenarioVocabulary([])) {
        self.widgets = widgets
        self.kinds = kinds
        self.rooms = rooms
        self.scenarioActions = scenarioActions
    }

    /// LiveStudio's 31 widgets, ten kinds, and one demo room of each kind.
    public static var standard: Catalogue {
        Catalogue(widgets: .standard(), kinds: .standard, rooms: RoomDirectory.demoRooms, scenarioActions: .standard)
    }

    /// Both catalogues: `rhs`'s rooms follow `lhs`'s; a widget name or kind both register is
    /// a conflict that `check()` reports.
    public static func + (lhs: Catalogue, rhs: Catalogue) -> Catalogue {
        Catalogue(widgets: lhs.widgets + rhs.widgets, kinds: lhs.kinds + rhs.kinds, rooms: lhs.rooms + rhs.rooms,
                  scenarioActions: lhs.scenarioActions + rhs.scenarioActions)
    }

    /// The kinds in registration-independent order: sorted.
    public var kindNames: [RoomKind] { kinds.kinds }

    /// Reads and checks configurations against these widgets and kinds.
    public var loader: StudioConfigLoader { StudioConfigLoader(catalog: widgets, types: kinds) }

    /// The demo directory of these rooms.
    public var directory: RoomDirectory { RoomDirectory(rooms: rooms) }

    /// Every problem that makes the catalogue unusable, each naming the registering modules
    /// or the room and its fix: a name registered twice, a room of an unregistered kind, two
    /// rooms with one id.
    public func problems() -> [CatalogueProblem] {
        var found = (widgets.conflicts + kinds.conflicts).map { CatalogueProblem(description: $0.description) }
        for action in scenarioActions.duplicates {
            found.append(CatalogueProblem(description: "the scenario action '\(action)' is added twice; give one of them another name"))
        }
        var ids: Set<Int> = []
        for room in rooms {
            if kinds.registration(for: room.kind) == nil {
                found.append(CatalogueProblem(description: "room \(room.id) ('\(room.title)') is of kind '\(room.kind)', which no module "
                                              + "registered; register the kind in the catalogue or use one of: \(kindNames.joined(separator: ", "))"))
            }
            if !ids.insert(room.id).inserted {
                found.append(CatalogueProblem(description: "two rooms have id \(room.id); give the room '\(room.title)' another id"))
            }
        }
        return found
    }
}

/// One reason a catalogue cannot be used, said in full.
public struct CatalogueProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}
