/// What text looks like: size in logical pixels and weight. The backend maps it to a font file.
public struct FontSpec: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable { case regular, bold }

    public var size: Double
    public var weight: Weight
    /// Draws every glyph as a shape in the text's color, color glyphs (emoji) included:
    /// what a shadow or an outline of text needs, where an emoji's own colors would be
    /// wrong. Measurement is the same either way.
    package var isSilhouette: Bool

    public init(size: Double, weight: Weight = .regular, isSilhouette: Bool = false) {
        self.size = size
        self.weight = weight
        self.isSilhouette = isSilhouette
    }

    /// This font drawn as a silhouette (see `isSilhouette`).
    package var silhouette: FontSpec { FontSpec(size: size, weight: weight, isSilhouette: true) }

    package static func regular(_ size: Double) -> FontSpec { FontSpec(size: size) }
    public static func bold(_ size: Double) -> FontSpec { FontSpec(size: size, weight: .bold) }
}

/// Measures text the way the renderer will draw it. The core needs widths for layout
/// (comment bubbles, danmaku speed); the SDL backend measures with SDL2_ttf, headless tests
/// may use `ApproximateTextMeasurer`. Both measure text cut to `TextCap`, as the backend
/// draws it, so a string of megabytes costs no more than the cap.
public protocol TextMeasurer: AnyObject {
    /// The size of `text` drawn on one line with `font`.
    func measure(_ text: String, font: FontSpec) -> Size
}

/// A deterministic measurer without fonts: 0.55 em per Latin character, 1 em per wide
/// (CJK, emoji) character, line height 1.2 em. For layout tests that need no backend.
/// Like the backend's measurer it measures text cut to `TextCap`, so layout agrees with it.
public final class ApproximateTextMeasurer: TextMeasurer {
    public init() {}

    public func measure(_ text: String, font: FontSpec) -> Size {
        var em = 0.0
        for scalar in TextCap.cut(text).unicodeScalars {
            em += scalar.value >= 0x2E80 ? 1.0 : 0.55
        }
        return Size(width: (em * font.size).rounded(.up), height: (font.size * 1.2).rounded(.up))
    }
}
