import Foundation
import StudioKit
import Studios

/// The assets' `previews.json`: more states for catalog widgets, by widget name.
///
/// ```json
/// { "previews": { "studioBadge": [ { "state": "gold", "options": { "color": "#F5C542" } } ] } }
/// ```
///
/// A state has a `state` name, and may have `options` (as a configuration entry gives
/// them), `scenario` (scenario lines as objects: the room data) and `frames`.
enum PreviewFile {
    static let stateKeys = ["frames", "options", "scenario", "state"]

    static func load(path: String, catalog: WidgetCatalog) throws -> [String: [PreviewState]] {
        let document = try StudioConfigLoader.document(path: path, missing: "previews are <assets>/previews.json")
        func fail(_ keyPath: String, _ reason: String) -> ConfigError {
            ConfigError(file: path, keyPath: keyPath, line: document.lines[keyPath], reason: reason)
        }
        guard case .object(let top) = document.value, case .object(let widgets)? = top["previews"], top.count == 1 else {
            throw fail("", "must be an object with one key, \"previews\", mapping widget names to arrays of states")
        }
        var out: [String: [PreviewState]] = [:]
        for (widget, value) in widgets.sorted(by: { $0.key < $1.key }) {
            let at = "previews.\(widget)"
            guard catalog.type(named: widget) != nil else {
                throw fail(at, "no widget is named '\(widget)'; the catalog's widgets: \(catalog.names.joined(separator: ", "))")
            }
            guard case .array(let entries) = value else { throw fail(at, "must be an array of states (got \(value.kindDescription))") }
            var states: [PreviewState] = []
            for (i, entry) in entries.enumerated() {
                let here = "\(at)[\(i)]"
                guard case .object(let fields) = entry else { throw fail(here, "must be an object (got \(entry.kindDescription))") }
                if let unknown = fields.keys.sorted().first(where: { !stateKeys.contains($0) }) {
                    throw fail("\(here).\(unknown)", "unknown key; a state has \(stateKeys.joined(separator: ", "))")
                }
                guard case .string(let name)? = fields["state"], !name.isEmpty else {
                    throw fail("\(here).state", "must be the state's name, a non-empty string")
                }
                guard name != PreviewState.default.name, !states.contains(where: { $0.name == name }) else {
                    throw fail("\(here).state", "'\(name)' is already a state of '\(widget)'; give each state its own name")
                }
                var state = PreviewState(name, file: path, keyPath: here)
                switch fields["options"] {
                case nil: break
                case .object(let options)?: state.options = options
                case let other?: throw fail("\(here).options", "must be an object (got \(other.kindDescription))")
                }
                switch fields["scenario"] {
                case nil: break
                case .array(let lines)?:
                    for (j, line) in lines.enumerated() {
                        guard case .object = line else {
                            throw fail("\(here).scenario[\(j)]", "must be a scenario line, an object (got \(line.kindDescription))")
                        }
                        state.scenario.append(line.jsonText)
                    }
                case let other?: throw fail("\(here).scenario", "must be an array of scenario lines (got \(other.kindDescription))")
                }
                switch fields["frames"] {
                case nil: break
                case .number(let n)? where n.isFinite && n == n.rounded() && (1...3600).contains(n): state.frames = Int(exactly: n) ?? 1
                case let other?: throw fail("\(here).frames", "must be a whole number of frames from 1 to 3600 (got \(other))")
                }
                states.append(state)
            }
            out[widget] = states
        }
        return out
    }
}

extension JSONValue {
    /// The value as compact JSON text (keys sorted, so the same value gives the same text).
    package var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(exactly: n) ?? 0) : "\(n)"
        case .string(let s): return "\"\(s.jsonEscaped)\""
        case .array(let a): return "[" + a.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { "\"\($0.jsonEscaped)\":\(o[$0]!.jsonText)" }.joined(separator: ",") + "}"
        }
    }
}
