import Foundation
import StudioDomain
import StudioKit

/// The settings' block rules, prepared for checking every comment that arrives: keywords
/// lowercased once, patterns compiled once (when the settings change, not per comment).
struct DanmakuFilter {
    private let hiddenModes: Set<DanmakuModeKind>
    private let hidesColored: Bool
    private let users: Set<String>
    private let keywords: [String]
    private let patterns: [Regex<AnyRegexOutput>]

    init(_ settings: DanmakuSettings) {
        hiddenModes = settings.hiddenModes
        hidesColored = settings.hidesColored
        users = Set(settings.blockList.users)
        keywords = settings.blockList.keywords.map { $0.lowercased() }
        // A block list checks its patterns as they are added, so each compiles.
        patterns = settings.blockList.patterns.compactMap { try? DanmakuPattern.compile($0) }
    }

    /// Whether it blocks nothing at all (the common case costs one test per comment).
    var isEmpty: Bool { hiddenModes.isEmpty && !hidesColored && users.isEmpty && keywords.isEmpty && patterns.isEmpty }

    /// Why `item` is blocked, or nil when it shows.
    /// - Complexity: O(keywords + patterns) text searches; a lowercased copy of the text when
    ///   there are keywords.
    func reason(for item: DanmakuItem) -> DanmakuBlockReason? {
        guard !isEmpty else { return nil }
        if hiddenModes.contains(item.mode.kind) { return .mode }
        if hidesColored, item.isColored { return .color }
        if users.contains(item.user) { return .user }
        if !keywords.isEmpty {
            let text = item.text.lowercased()
            if keywords.contains(where: { text.contains($0) }) { return .keyword }
        }
        if patterns.contains(where: { item.text.contains($0) }) { return .regex }
        return nil
    }
}
