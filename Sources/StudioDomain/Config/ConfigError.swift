import StudioKit

/// A configuration or scenario file that cannot be used: which file, where in it (a key
/// path such as `widgets[3].level`, or a line), and what is wrong and how to fix it.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// A key path (`widgets[3].options.lanes`) or "" for the whole file.
    package var keyPath: String
    /// A 1-based line number where known (syntax errors, JSON Lines files).
    public var line: Int?
    public var reason: String

    public init(file: String, keyPath: String = "", line: Int? = nil, reason: String) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.reason = reason
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if !keyPath.isEmpty { place += ": \(keyPath)" }
        return "\(place): \(reason)"
    }
}
