/// A font family that draws one kind of script. A line of text is cut into runs, each drawn
/// by the face that has its characters: a live room's chat mixes Latin, CJK, emoji and
/// right-to-left scripts in one comment, and no single font file covers them all.
package enum FontFace: String, Hashable, Sendable, CaseIterable {
    /// Latin, Greek, Cyrillic, punctuation and most symbols (DejaVu Sans): the primary face,
    /// whose metrics set every line's height and baseline.
    case latin
    /// Han ideographs, kana, hangul and full-width forms (Noto Sans CJK).
    case cjk
    case arabic
    case hebrew
    case thai
    case devanagari
    /// Symbols the primary face lacks (Noto Sans Symbols, then Symbols 2: Noto splits them
    /// across two files).
    case symbols
    case symbols2
    /// Color emoji (Noto Color Emoji): fixed-size bitmap strikes, scaled to the text.
    case emoji

    /// The OpenType script HarfBuzz shapes a run of this face with (ISO 15924), set once
    /// when the font opens; nil leaves SDL_ttf's default (Latin, CJK and symbols need no
    /// script-specific shaping, and their runs mix several scripts).
    var scriptTag: String? {
        switch self {
        case .latin, .cjk, .symbols, .symbols2, .emoji: nil
        case .arabic: "Arab"
        case .hebrew: "Hebr"
        case .thai: "Thai"
        case .devanagari: "Deva"
        }
    }

    /// True for the faces of scripts written right to left.
    var isRightToLeft: Bool { self == .arabic || self == .hebrew }

}
