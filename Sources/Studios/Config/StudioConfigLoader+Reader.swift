import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// Typed access to the parsed values of one configuration file: every error it throws is a
/// `ConfigError` naming the file, the key path and, where the file has it, the line.
struct StudioConfigReader {
    let file: String
    /// The line each key path starts on (from `ConfigJSONReader`).
    let lines: [String: Int]

    /// `path.key`, or `key` at the top.
    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error at `keyPath`, on the line of the nearest key path the file has.
    func error(_ keyPath: String, _ reason: String) -> ConfigError {
        ConfigError(file: file, keyPath: keyPath, line: line(for: keyPath), reason: reason)
    }

    /// `error` with the line filled in when it has none (errors from `WidgetOptions` and
    /// `FeedRates.parse` know the key path but not the line).
    func located(_ error: ConfigError) -> ConfigError {
        var e = error
        if e.line == nil, e.file == file { e.line = line(for: e.keyPath) }
        return e
    }

    /// The line of `keyPath`, or of its closest ancestor that the file has (a missing key
    /// is reported on the line of the object that lacks it).
    func line(for keyPath: String) -> Int? {
        var path = keyPath
        while true {
            if let line = lines[path] { return line }
            if path.isEmpty { return nil }
            if path.hasSuffix("]"), let open = path.lastIndex(of: "[") {
                path = String(path[..<open])
            } else if let dot = path.lastIndex(of: ".") {
                path = String(path[..<dot])
            } else {
                path = ""
            }
        }
    }

    // MARK: Shapes

    func object(_ value: JSONValue, at path: String, _ what: String) throws(ConfigError) -> [String: JSONValue] {
        guard case .object(let object) = value else {
            throw error(path, "must be an object { ... } \(what) (got \(value.kindDescription))")
        }
        return object
    }

    func array(_ value: JSONValue, at path: String, _ what: String) throws(ConfigError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw error(path, "must be an array [ ... ] \(what) (got \(value.kindDescription))")
        }
        return items
    }

    func string(_ value: JSONValue, at path: String, _ what: String) throws(ConfigError) -> String {
        guard case .string(let s) = value else {
            throw error(path, "must be a string \(what) (got \(value.kindDescription))")
        }
        return s
    }

    func number(_ value: JSONValue, at path: String, _ what: String) throws(ConfigError) -> Double {
        guard case .number(let n) = value else {
            throw error(path, "must be a number \(what) (got \(value.kindDescription))")
        }
        return n
    }

    /// Checks an object's keys: an unknown key is an error listing the valid ones (a typo
    /// would otherwise be ignored); a missing required key is an error showing an example.
    func checkKeys(
        _ object: [String: JSONValue], at path: String, required: [String: String],
        optional: [String]
    ) throws(ConfigError) {
        let valid = Set(required.keys).union(optional)
        if let unknown = object.keys.filter({ !valid.contains($0) }).sorted().first {
            throw error(Self.join(path, unknown), "unknown key; valid: \(valid.sorted().joined(separator: ", "))")
        }
        if let missing = required.keys.filter({ object[$0] == nil }).sorted().first {
            throw error(Self.join(path, missing), "missing; add \"\(missing)\": \(required[missing]!)")
        }
    }
}
