import StudioDomain
import StudioKit

/// The comments a viewer blocks: by keyword (a case-insensitive part of the text), by
/// regular expression (Swift `Regex` syntax, matched anywhere in the text; case-sensitive
/// unless the pattern says `(?i)`), and by user (the exact name).
///
/// Patterns are checked when they are added, so a block list always compiles: a bad one is
/// a `DanmakuSettingsError` naming the pattern, where it breaks and why.
package struct DanmakuBlockList: Hashable, Sendable {
    package private(set) var keywords: [String] = []
    package private(set) var patterns: [String] = []
    package private(set) var users: [String] = []

    package init() {}

    /// Nothing is blocked.
    package var isEmpty: Bool { keywords.isEmpty && patterns.isEmpty && users.isEmpty }

    /// Blocks comments containing `keyword`, in any case. Adding one twice changes nothing.
    /// - Throws: `DanmakuSettingsError` for a keyword that is empty or only spaces.
    package mutating func block(keyword: String) throws(DanmakuSettingsError) {
        let word = try DanmakuSettings.parseKeyword(keyword)
        if !keywords.contains(word) { keywords.append(word) }
    }

    /// Blocks comments in which `pattern` matches.
    /// - Throws: `DanmakuSettingsError` naming the pattern, the position and the reason when
    ///   it does not compile.
    package mutating func block(pattern: String) throws(DanmakuSettingsError) {
        let checked = try DanmakuSettings.parseBlockPattern(pattern)
        if !patterns.contains(checked) { patterns.append(checked) }
    }

    /// Blocks comments sent by `user` (the exact name).
    /// - Throws: `DanmakuSettingsError` for an empty name.
    package mutating func block(user: String) throws(DanmakuSettingsError) {
        let name = try DanmakuSettings.parseUser(user)
        if !users.contains(name) { users.append(name) }
    }

    /// Unblocks everything.
    package mutating func removeAll() {
        keywords.removeAll()
        patterns.removeAll()
        users.removeAll()
    }
}
