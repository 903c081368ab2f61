import StudioDomain
import StudioKit

/// Compiles the block list's regular expressions and says why one does not compile.
enum DanmakuPattern {
    /// `pattern` as a `Regex`.
    /// - Throws: `DanmakuSettingsError` with the compiler's reason and, where it gives one,
    ///   the character where the pattern breaks ("expected ')' at the end of the pattern").
    static func compile(_ pattern: String) throws(DanmakuSettingsError) -> Regex<AnyRegexOutput> {
        guard !pattern.isEmpty else {
            throw DanmakuSettingsError(setting: "blockRegex", value: pattern, reason: "is empty; give a pattern such as 'spoil(er|s)'")
        }
        do {
            return try Regex(pattern)
        } catch {
            let place =
                position(of: error, in: pattern).map { at in
                    at >= pattern.count ? " at the end of the pattern" : " at character \(at + 1)"
                } ?? ""
            throw DanmakuSettingsError(
                setting: "blockRegex", value: pattern,
                reason: "the pattern does not compile: \(error)\(place)")
        }
    }

    /// The character offset the parse error points at, when the error carries one.
    ///
    /// Swift's regex parser reports a location but does not publish its type, so it is read
    /// by reflection (`location.range`); should that change, the message keeps its reason and
    /// only loses the position.
    static func position(of error: any Error, in pattern: String) -> Int? {
        var node: Any = error
        for label in ["location", "range"] {
            guard let child = Mirror(reflecting: node).children.first(where: { $0.label == label }) else { return nil }
            node = child.value
        }
        guard let range = node as? Range<String.Index>,
            let index = range.lowerBound.samePosition(in: pattern.unicodeScalars)
        else { return nil }
        return pattern[..<index].count
    }
}
