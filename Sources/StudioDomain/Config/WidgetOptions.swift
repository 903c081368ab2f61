import StudioKit

/// The `options` object of one widget entry in a studio configuration, with typed getters
/// that throw a `ConfigError` naming the file and key path. Call `finish()` after reading
/// every option you support: any key left over is reported as unknown (a typo would
/// otherwise be silently ignored).
public final class WidgetOptions {
    public let file: String
    package let keyPath: String
    /// The entry's `id`, for widgets that may be listed more than once (they take it as their
    /// name); nil when the entry gives none.
    public let id: String?
    private let values: [String: JSONValue]
    private var read: Set<String> = []
    /// The options this one is nested in (`object(_:)`), which keeps the references.
    private let outer: WidgetOptions?
    private var referenced: [(keyPath: String, name: String)] = []

    public init(file: String, keyPath: String, values: [String: JSONValue], id: String? = nil) {
        self.file = file
        self.keyPath = keyPath
        self.values = values
        self.id = id
        outer = nil
    }

    private init(nestedIn outer: WidgetOptions, keyPath: String, values: [String: JSONValue], id: String?) {
        file = outer.file
        self.keyPath = keyPath
        self.values = values
        self.id = id
        self.outer = outer
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

    /// A path under the Assets folder (`videos/host.mp4`), or nil when the key is missing or
    /// empty: a configuration names only its own assets, so an absolute path and `..` are
    /// refused here (the file itself is checked, links followed, when it is opened).
    package func assetPath(_ key: String) throws -> String? {
        let path = try string(key, default: "")
        guard !path.isEmpty else { return nil }
        if path.hasPrefix("/") || path.hasPrefix("~") {
            throw error(key, "must be a path under Assets, like videos/host.mp4, not an absolute path (got '\(path)')")
        }
        if path.split(separator: "/").contains("..") {
            throw error(key, "must stay under Assets: '..' leads out of it (got '\(path)')")
        }
        return path
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

    /// Whether the options give `key` (without counting it as read).
    public func has(_ key: String) -> Bool { values[key] != nil }

    /// `#RRGGBB`, or `#RRGGBBAA` with an alpha.
    public func color(_ key: String, default d: Color) throws -> Color {
        guard values[key] != nil else {
            _ = value(key)
            return d
        }
        return try Self.color(try string(key, default: ""), key: key, in: self)
    }

    /// Colors written as `color(_:default:)` takes them, at least `minCount` of them.
    public func colors(_ key: String, minCount: Int) throws -> [Color]? {
        guard values[key] != nil else {
            _ = value(key)
            return nil
        }
        let texts = try strings(key, default: [])
        guard texts.count >= minCount else { throw error(key, "needs at least \(minCount) colors (got \(texts.count))") }
        return try texts.enumerated().map { i, text in try Self.color(text, key: "\(key)[\(i)]", in: self) }
    }

    private static func color(_ text: String, key: String, in options: WidgetOptions) throws -> Color {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        if digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) {
            return Color(hex: value, hasAlpha: true)
        }
        guard let color = Color(parsingHex: text) else {
            throw options.error(key, "must be a color written #RRGGBB or #RRGGBBAA, for example \"#FE2C55\" (got \"\(text)\")")
        }
        return color
    }

    /// Numbers, each within `range`.
    package func doubles(_ key: String, in range: ClosedRange<Double>) throws -> [Double]? {
        guard let v = value(key) else { return nil }
        guard case .array(let items) = v else { throw error(key, "must be an array of numbers (got \(v.kindDescription))") }
        return try items.enumerated().map { i, item in
            guard case .number(let n) = item, n.isFinite else {
                throw error("\(key)[\(i)]", "must be a number (got \(item.kindDescription))")
            }
            guard range.contains(n) else {
                throw error("\(key)[\(i)]", "must be between \(range.lowerBound) and \(range.upperBound) (got \(n))")
            }
            return n
        }
    }

    /// A nested object, read with its own getters (call its `finish()` too); its errors
    /// name `key.inner`. `id` is the nested widget's name, when it is a widget's options.
    /// Nil when absent.
    package func object(_ key: String, id: String? = nil) throws -> WidgetOptions? {
        guard let v = value(key) else { return nil }
        guard case .object(let inner) = v else { throw error(key, "must be an object (got \(v.kindDescription))") }
        return WidgetOptions(nestedIn: self, keyPath: "\(keyPath).\(key)", values: inner, id: id)
    }

    /// An array of objects, each read as `object(_:)` reads one (errors name `key[i].inner`).
    package func objects(_ key: String) throws -> [WidgetOptions] {
        guard let v = value(key) else { return [] }
        guard case .array(let items) = v else { throw error(key, "must be an array of objects (got \(v.kindDescription))") }
        return try items.enumerated().map { i, item in
            guard case .object(let inner) = item else {
                throw error("\(key)[\(i)]", "must be an object (got \(item.kindDescription))")
            }
            return WidgetOptions(nestedIn: self, keyPath: "\(keyPath).\(key)[\(i)]", values: inner, id: nil)
        }
    }

    /// Notes that the option at `key` names another widget of the room (`name`): the loader
    /// checks that the room lists it.
    package func refer(toWidget name: String, at key: String) {
        var top = self
        while let o = top.outer { top = o }
        top.referenced.append(("\(keyPath).\(key)", name))
    }

    /// The widgets these options (and those nested in them) name, where.
    package var widgetReferences: [(keyPath: String, name: String)] { referenced }

    /// Throws for the first key that no getter asked for, listing the keys this widget knows.
    public func finish() throws {
        let unknown = values.keys.filter { !read.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let known = read.sorted()
        throw error(first, "unknown option; \(known.isEmpty ? "this widget takes no options" : "valid: \(known.joined(separator: ", "))")")
    }
}
