import StudioDomain
import StudioKit

/// The comments a viewer blocks: by keyword (a case-insensitive part of the text), by
/// regular expression (Swift `Regex` syntax, matched anywhere in the text; case-sensitive
/// unless the pattern says `(?i)`), and by user (the exact name).
///
/// Patterns are checked when they are added, so a block list always compiles: a bad one is
/// a `DanmakuSettingsError` naming the pattern, where it breaks and why.
public struct DanmakuBlockList: Hashable, Sendable {
    public private(set) var keywords: [String] = []
    public private(set) var patterns: [String] = []
    public private(set) var users: [String] = []

    public init() {}

    /// Nothing is blocked.
    public var isEmpty: Bool { keywords.isEmpty && patterns.isEmpty && users.isEmpty }

    /// Blocks comments containing `keyword`, in any case. Adding one twice changes nothing.
    /// - Throws: `DanmakuSettingsError` for a keyword that is empty or only spaces.
    public mutating func block(keyword: String) throws(DanmakuSettingsError) {
        let word = try DanmakuSettings.parseKeyword(keyword)
        if !keywords.contains(word) { keywords.append(word) }
    }

    /// Blocks comments in which `pattern` matches.
    /// - Throws: `DanmakuSettingsError` naming the pattern, the position and the reason when
    ///   it does not compile.
    public mutating func block(pattern: String) throws(DanmakuSettingsError) {
        let checked = try DanmakuSettings.parseBlockPattern(pattern)
        if !patterns.contains(checked) { patterns.append(checked) }
    }

    /// Blocks comments sent by `user` (the exact name).
    /// - Throws: `DanmakuSettingsError` for an empty name.
    public mutating func block(user: String) throws(DanmakuSettingsError) {
        let name = try DanmakuSettings.parseUser(user)
        if !users.contains(name) { users.append(name) }
    }

    /// Unblocks everything.
    public mutating func removeAll() {
        keywords.removeAll()
        patterns.removeAll()
        users.removeAll()
    }
}
