/// The most text one measurement or one drawn line ever gets. Text longer than this is cut
/// where it enters measurement and rendering (the measurers, the fitting and wrapping
/// helpers, the backend's text cache), and the cut is marked with a trailing "…".
///
/// Why 2,048 characters: the narrowest glyph the studio draws (an "i" at its smallest
/// font, 18 px) is about 5 px wide, so a 720 px line never shows more than about 150
/// characters, and the widest wrapped text shows a few such lines. 2,048 leaves ample room
/// for zero-width characters (joiners, combining marks) and for text that is scrolled or
/// clipped, while a comment of megabytes costs the same as one of 2,048 characters: the
/// font engine never shapes megabytes, and no cache keeps them.
///
/// Why also 8,192 Unicode scalars: one `Character` may hold any number of scalars (a base
/// letter with thousands of combining marks), so a cap in characters alone does not bound
/// the bytes. Four scalars per character on average covers emoji sequences and accents.
public enum TextCap {
    /// Characters (grapheme clusters) kept before the "…".
    package static let characters = 2048
    /// Unicode scalars kept before the "…".
    package static let scalars = 8192
    /// What marks a cut.
    package static let ellipsis: Character = "…"

    /// `text` unchanged when it is within both caps; otherwise its first characters within
    /// both caps followed by "…".
    ///
    /// - Complexity: O(1) for text of at most `characters` UTF-8 bytes (every comment and
    ///   name); otherwise O(`scalars`), however long `text` is.
    package static func cut(_ text: String) -> String {
        // Every character and every scalar is at least one UTF-8 byte, and `utf8.count` is
        // O(1) for native strings: short text skips the walk.
        if text.utf8.count <= characters { return text }
        let scalarView = text.unicodeScalars
        let scalarEnd =
            scalarView.index(scalarView.startIndex, offsetBy: scalars, limitedBy: scalarView.endIndex)
            ?? scalarView.endIndex
        let head = Substring(scalarView[..<scalarEnd])
        let characterEnd = head.index(head.startIndex, offsetBy: characters, limitedBy: head.endIndex) ?? head.endIndex
        if characterEnd == text.endIndex { return text }
        return String(head[..<characterEnd]) + String(ellipsis)
    }
}
