import StudioDomain
import StudioKit

/// The fields of one JSON object of a scenario line, read with errors that name the file,
/// the line, the key path and the reason. Like `WidgetOptions`, but for JSON Lines: the
/// line is the place, and some fields are required.
public final class ScenarioFields {
    /// The scenario file, as errors name it.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// Where these fields sit in the line's object ("" for the line itself).
    package let keyPath: String
    package let values: [String: JSONValue]

    init(file: String, line: Int, keyPath: String, values: [String: JSONValue]) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.values = values
    }

    public func error(_ key: String?, _ reason: String) -> ConfigError {
        let path = [keyPath, key ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
        return ConfigError(file: file, keyPath: path, line: line, reason: reason)
    }

    /// Throws for the first key not in `known` (sorted), listing the known ones.
    package func rejectUnknown(_ known: [String]) throws {
        guard let first = values.keys.filter({ !known.contains($0) }).sorted().first else { return }
        throw error(first, "unknown field; valid: \(known.joined(separator: ", "))")
    }

    private func required(_ key: String) throws -> JSONValue {
        guard let v = values[key] else { throw error(key, "missing") }
        return v
    }

    public func string(_ key: String) throws -> String {
        let v = try required(key)
        guard case .string(let s) = v else { throw error(key, "must be a string (got \(v.kindDescription))") }
        return s
    }

    /// A number in `range`; `default` when absent (required without one). `meaning` says
    /// what the range is, for the error ("the studio is 720 points wide").
    public func number(_ key: String, default d: Double? = nil, in range: ClosedRange<Double>, meaning: String? = nil) throws -> Double {
        if values[key] == nil, let d { return d }
        let v = try required(key)
        guard case .number(let n) = v else { throw error(key, "must be a number (got \(v.kindDescription))") }
        guard range.contains(n) else {
            throw error(
                key,
                "must be between \(range.lowerBound.compact) and \(range.upperBound.compact)"
                    + (meaning.map { ": \($0)" } ?? "") + " (got \(n.compact))")
        }
        return n
    }

    /// A point written `[x, y]`, each coordinate a number within `area`; `meaning` says how
    /// points are measured, for the error.
    public func point(_ key: String, in area: Rect, meaning: String) throws -> Point {
        let v = try required(key)
        guard case .array(let items) = v, items.count == 2 else {
            let got = if case .array(let items) = v { "an array of \(items.count)" } else { v.kindDescription }
            throw error(key, "must be [x, y], two numbers (got \(got))")
        }
        let axes = [("x", area.minX...area.maxX), ("y", area.minY...area.maxY)]
        let xy = try zip(items, axes).map { item, axis in
            guard case .number(let n) = item else { throw error(key, "\(axis.0) must be a number (got \(item.kindDescription))") }
            guard axis.1.contains(n) else {
                throw error(
                    key,
                    "\(axis.0) must be between \(axis.1.lowerBound.compact) and \(axis.1.upperBound.compact): \(meaning) (got \(n.compact))"
                )
            }
            return n
        }
        return Point(x: xy[0], y: xy[1])
    }

    /// A whole number in `range`; `default` when absent (required without one).
    public func int(_ key: String, default d: Int? = nil, in range: ClosedRange<Int>) throws -> Int {
        if values[key] == nil, let d { return d }
        let v = try required(key)
        guard case .number(let n) = v, let whole = Int(exactly: n) else {
            throw error(key, "must be a whole number (got \(v))")
        }
        guard range.contains(whole) else {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(whole))")
        }
        return whole
    }

    public func bool(_ key: String, default d: Bool) throws -> Bool {
        guard let v = values[key] else { return d }
        guard case .bool(let b) = v else { throw error(key, "must be true or false (got \(v.kindDescription))") }
        return b
    }

    /// The object at `key`, read with the same file and line and a longer key path.
    package func object(_ key: String, fields known: [String]) throws -> ScenarioFields {
        let v = try required(key)
        guard case .object(let o) = v else {
            throw error(key, "must be an object with \(known.joined(separator: ", ")) (got \(v.kindDescription))")
        }
        let fields = ScenarioFields(
            file: file, line: line, keyPath: [keyPath, key].filter { !$0.isEmpty }.joined(separator: "."),
            values: o)
        try fields.rejectUnknown(known)
        return fields
    }
}
