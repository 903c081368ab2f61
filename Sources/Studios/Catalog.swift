import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// Everything an app built on LiveStudio can show: the widgets configurations may name, the
/// studio kinds, the rooms of the demo directory, and the feeds that run beside the server's. `standard` is LiveStudio's own; a
/// package adds its widgets, kinds and rooms with `+`:
///
/// ```swift
/// StudioApp.main(catalog: .standard + LuckyWheel.catalog)
/// ```
public struct Catalog: Sendable {
    public var widgets: WidgetCatalog
    public var kinds: StudioTypes
    /// Rooms a session can open and swipe through, in order.
    public var rooms: [RoomInfo]
    /// The actions scenarios may use: an application adds its own server messages here.
    package var scenarioActions: ScenarioVocabulary
    /// I/O components every app of this catalog runs beside LiveStudio's server feed, made
    /// once the driver exists: a package's own feed, which sends its own typed messages
    /// into the driver's inbox as the server feed sends its (see `IOComponent`).
    public var components: [@Sendable (StudioDriver) -> IOComponent]
    /// Folders of the package's own assets (its `images/`, its `previews.json`), looked in
    /// before the Assets folder a run uses (see `AssetOverlays`); usually a resource bundle's.
    public var assets: [URL]

    public init(
        widgets: WidgetCatalog = WidgetCatalog([]), kinds: StudioTypes = StudioTypes([StudioKindRegistration]()),
        rooms: [RoomInfo] = [], scenarioActions: ScenarioVocabulary = ScenarioVocabulary([]),
        components: [@Sendable (StudioDriver) -> IOComponent] = [], assets: [URL] = []
    ) {
        self.widgets = widgets
        self.kinds = kinds
        self.rooms = rooms
        self.scenarioActions = scenarioActions
        self.components = components
        self.assets = assets
    }

    /// LiveStudio's 31 widgets, ten kinds, and one demo room of each kind.
    public static var standard: Catalog {
        Catalog(widgets: .standard(), kinds: .standard, rooms: RoomDirectory.demoRooms, scenarioActions: .standard)
    }

    /// Both catalogs: `rhs`'s rooms follow `lhs`'s; a widget name or kind both register is
    /// a conflict that `check()` reports.
    public static func + (lhs: Catalog, rhs: Catalog) -> Catalog {
        Catalog(
            widgets: lhs.widgets + rhs.widgets, kinds: lhs.kinds + rhs.kinds, rooms: lhs.rooms + rhs.rooms,
            scenarioActions: lhs.scenarioActions + rhs.scenarioActions, components: lhs.components + rhs.components,
            assets: lhs.assets + rhs.assets)
    }

    /// The kinds in registration-independent order: sorted.
    package var kindNames: [RoomKind] { kinds.kinds }

    /// Reads and checks configurations against these widgets and kinds.
    package var loader: StudioConfigLoader { StudioConfigLoader(catalog: widgets, types: kinds) }

    /// The demo directory of these rooms.
    public var directory: RoomDirectory { RoomDirectory(rooms: rooms) }

    /// Every problem that makes the catalog unusable, each naming the registering modules
    /// or the room and its fix: a name registered twice, a room of an unregistered kind, two
    /// rooms with one id.
    public func problems() -> [CatalogProblem] {
        var found = (widgets.conflicts + kinds.conflicts).map { CatalogProblem(description: $0.description) }
        for action in scenarioActions.duplicates {
            found.append(CatalogProblem(description: "the scenario action '\(action)' is added twice; give one of them another name"))
        }
        var ids: Set<Int> = []
        for room in rooms {
            if kinds.registration(for: room.kind) == nil {
                found.append(
                    CatalogProblem(
                        description: "room \(room.id) ('\(room.title)') is of kind '\(room.kind)', which no module "
                            + "registered; register the kind in the catalog or use one of: \(kindNames.joined(separator: ", "))"))
            }
            if !ids.insert(room.id).inserted {
                found.append(CatalogProblem(description: "two rooms have id \(room.id); give the room '\(room.title)' another id"))
            }
        }
        return found
    }
}

/// One reason a catalog cannot be used, said in full.
public struct CatalogProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}
