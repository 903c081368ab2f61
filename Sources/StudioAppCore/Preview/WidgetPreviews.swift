import Foundation
import StudioKit
import Studios

/// One catalog widget alone, in each of its states: what `studio preview` and `studio
/// gallery` show and what `assertPreviews` pins, as SwiftUI previews or Storybook stories
/// show a component.
///
/// A state runs in a real room, so that the widget has what it reads (the live clock, the
/// room's services, the feed): the first kind whose configuration lists the widget (the
/// audience room when none does), with the configured widget replaced by one built from the
/// state's options, at the configured level. The state's scenario then plays from the
/// room's start for the state's frames.
package struct WidgetPreviews {
    package let catalog: Catalog
    package let assets: URL
    /// States from the assets' `previews.json` and the catalog's own asset folders', by widget.
    package let configured: [String: [PreviewState]]
    /// The file the configured states came from, for errors.
    package let file: String
    /// Where each widget runs: the kind whose configuration lists it, and its level there.
    private let hosts: [String: (kind: RoomKind, level: Double)]

    /// Reads the assets' `previews.json` (when there is one) and the room configurations.
    /// - Throws: `ConfigError` naming the file and key path of a state that cannot be used.
    package init(catalog: Catalog = .standard, assets: URL) throws {
        self.catalog = catalog
        self.assets = assets
        file = assets.appendingPathComponent("previews.json").path
        let configs = try catalog.loader.loadEach(path: assets.appendingPathComponent("studios").path).configs
        var hosts: [String: (RoomKind, Double)] = [:]
        // The audience room first: it is the plainest room a widget can show in.
        let order = [StudioKinds.audience] + configs.keys.sorted().filter { $0 != StudioKinds.audience }
        for kind in order {
            for entry in configs[kind]?.widgets ?? [] where hosts[entry.name] == nil { hosts[entry.name] = (kind, entry.level) }
        }
        self.hosts = hosts
        // The package's own previews.json files add states to LiveStudio's.
        var configured: [String: [PreviewState]] = [:]
        for path in [file] + catalog.assets.map({ $0.appendingPathComponent("previews.json").path })
        where FileManager.default.fileExists(atPath: path) {
            for (widget, states) in try PreviewFile.load(path: path, catalog: catalog.widgets) {
                configured[widget, default: []] += states
            }
        }
        self.configured = configured
    }

    /// Every widget the catalog names, sorted.
    package var widgets: [String] { catalog.widgets.names }

    /// The states of `widget`: `default`, those its type declares, then the configured ones.
    /// A widget that cannot be built without options (a primitive needs its frame) has no
    /// `default` when it declares other states.
    /// - Throws: `SceneError` listing the catalog for a widget it does not name.
    package func states(of widget: String) throws -> [PreviewState] {
        let type = try self.type(widget)
        let declared = type.previewStates + (configured[widget] ?? [])
        let bare = (try? type.make(level: type.defaultLevel, options: .none())) != nil
        var states = bare || declared.isEmpty ? [PreviewState.default] : []
        for state in declared where !states.contains(where: { $0.name == state.name }) { states.append(state) }
        return states
    }

    /// The state `name` of `widget`.
    /// - Throws: `SceneError` listing the widget's states when it has none of that name.
    package func state(_ name: String, of widget: String) throws -> PreviewState {
        let states = try states(of: widget)
        guard let state = states.first(where: { $0.name == name }) else {
            throw SceneError(
                "widget '\(widget)' has no state '\(name)'; its states: \(states.map(\.name).joined(separator: ", "))")
        }
        return state
    }

    /// The kind whose room `widget` runs in for its previews.
    package func hostKind(of widget: String) -> RoomKind { hosts[widget]?.kind ?? StudioKinds.audience }

    /// Runs `state` of `widget` in its room.
    /// - Throws: `SceneError` for an unknown widget, `ConfigError` naming the key path of an
    ///   option the widget refuses, the room's errors (a service the room lacks).
    package func run(_ widget: String, state: PreviewState, measurer: TextMeasurer, seed: UInt64 = 1) throws -> WidgetPreview {
        let type = try self.type(widget)
        var spec = SceneSpec(kind: hostKind(of: widget), seed: seed, frames: 0)
        if !state.scenario.isEmpty {
            spec.script = try Scenario.parse(
                state.scenario.joined(separator: "\n"), file: "\(file): \(widget).\(state.name).scenario",
                vocabulary: catalog.scenarioActions)
        }
        let scene = try StudioScene(spec, catalog: catalog, assets: assets, measurer: measurer)
        let studio = scene.driver.studio
        let level = hosts[widget]?.level ?? type.defaultLevel
        // Errors name where the options were declared: a key path of previews.json, the
        // command line, or the widget type's own `previewStates`.
        let options = WidgetOptions(
            file: state.file ?? "\(type).previewStates",
            keyPath: "\(state.keyPath ?? "\(widget).\(state.name)").options", values: state.options)
        let built = try type.make(level: level, options: options)
        studio.root.first(named: built.name)?.removeFromParent()
        try studio.add(built)
        try scene.run(frames: max(1, state.frames))
        return WidgetPreview(name: widget, type: type, state: state, scene: scene, widget: built)
    }

    private func type(_ widget: String) throws -> any CatalogWidget.Type {
        guard let type = catalog.widgets.type(named: widget) else {
            throw SceneError("unknown widget '\(widget)'; the catalog's widgets: \(widgets.joined(separator: ", "))")
        }
        return type
    }
}

/// A widget in one state, after its frames: its picture alone, its place and its touch areas.
package struct WidgetPreview {
    package let name: String
    package let type: any CatalogWidget.Type
    package let state: PreviewState
    package let scene: StudioScene
    package let widget: Widget

    /// The layer the widget's level gives.
    package var layer: LayerKind { (try? LayerKind.of(level: widget.level)) ?? .float }

    /// The widget's frame on screen, in studio pixels.
    package var frameOnScreen: Rect { widget.transformToRoot.apply(widget.bounds) }

    /// The widget drawn alone at its place, moved by `-origin`.
    package func list(origin: Point = .zero) throws -> DisplayList {
        try widget.displayListAlone(measurer: scene.driver.backend.textMeasurer, origin: origin)
    }

    /// The points of `area` (studio pixels, every `step` pixels) where a touch goes to the
    /// widget or its children when it is alone: those where a tap lands on it, and those
    /// where a drag starts on it.
    package func touchAreas(in area: Rect, step: Double = 4) -> (taps: [Point], drags: [Point]) {
        guard let toLocal = (widget.parent?.transformToRoot ?? .identity).inverted else { return ([], []) }
        var taps: [Point] = [], drags: [Point] = []
        var y = area.minY + step / 2
        while y < area.maxY {
            var x = area.minX + step / 2
            while x < area.maxX {
                let p = Point(x: x, y: y), local = toLocal.apply(p)
                if HitTester.hitTest(widget, at: widget.localTransform.inverted?.apply(local) ?? local) != nil { taps.append(p) }
                if HitTester.dragTarget(widget, at: widget.localTransform.inverted?.apply(local) ?? local) != nil { drags.append(p) }
                x += step
            }
            y += step
        }
        return (taps, drags)
    }
}
