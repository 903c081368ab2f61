/// The `options` object of one widget entry in a studio configuration, with typed getters
/// that throw a `ConfigError` naming the file and key path. Call `finish()` after reading
/// every option you support: any key left over is reported as unknown (a typo would
/// otherwise be silently ignored).
public final class WidgetOptions {
    public let file: String
    public let keyPath: String
    private let values: [String: JSONValue]
    private var read: Set<String> = []

    public init(file: String, keyPath: String, values: [String: JSONValue]) {
        self.file = file
        self.keyPath = keyPath
        self.values = values
    }

    /// Options for code (tests, defaults) rather than a file.
    public static func none(_ keyPath: String = "options") -> WidgetOptions {
        WidgetOptions(file: "<built-in>", keyPath: keyPath, values: [:])
    }

    public func error(_ key: String, _ reason: String) -> ConfigError {
        ConfigError(file: file, keyPath: "\(keyPath).\(key)", reason: reason)
    }

    private func value(_ key: String) -> JSONValue? {
        read.insert(key)
        return values[key]
    }

    public func double(_ key: String, default d: Double, in range: ClosedRange<Double>? = nil) throws -> Double {
        guard let v = value(key) else { return d }
        guard case .number(let n) = v, n.isFinite else { throw error(key, "must be a number (got \(v.kindDescription))") }
        if let range, !range.contains(n) {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(n))")
        }
        return n
    }

    public func int(_ key: String, default d: Int, in range: ClosedRange<Int>? = nil) throws -> Int {
        guard let v = value(key) else { return d }
        guard case .number(let n) = v, let i = Int(exactly: n) else {
            throw error(key, "must be a whole number (got \(v))")
        }
        if let range, !range.contains(i) {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(i))")
        }
        return i
    }

    public func bool(_ key: String, default d: Bool) throws -> Bool {
        guard let v = value(key) else { return d }
        guard case .bool(let b) = v else { throw error(key, "must be true or false (got \(v.kindDescription))") }
        return b
    }

    public func string(_ key: String, default d: String) throws -> String {
        guard let v = value(key) else { return d }
        guard case .string(let s) = v else { throw error(key, "must be a string (got \(v.kindDescription))") }
        return s
    }

    /// A string that must be one of `allowed`; the error lists them.
    public func choice(_ key: String, default d: String, allowed: [String]) throws -> String {
        let s = try string(key, default: d)
        guard allowed.contains(s) else {
            throw error(key, "unknown value '\(s)'; valid: \(allowed.joined(separator: ", "))")
        }
        return s
    }

    public func strings(_ key: String, default d: [String]) throws -> [String] {
        guard let v = value(key) else { return d }
        guard case .array(let items) = v else { throw error(key, "must be an array of strings (got \(v.kindDescription))") }
        return try items.enumerated().map { i, item in
            guard case .string(let s) = item else {
                throw error("\(key)[\(i)]", "must be a string (got \(item.kindDescription))")
            }
            return s
        }
    }

    /// Throws for the first key that no getter asked for, listing the keys this widget knows.
    public func finish() throws {
        let unknown = values.keys.filter { !read.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let known = read.sorted()
        throw error(first, "unknown option; \(known.isEmpty ? "this widget takes no options" : "valid: \(known.joined(separator: ", "))")")
    }
}
