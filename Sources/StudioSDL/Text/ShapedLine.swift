import CSDL2
import StudioKit

/// A line of text laid out in runs on one baseline, as both the measurer and the text
/// cache see it, so layout in the core and pixels agree.
///
/// The line box is the primary (Latin) face's at the text's size: its height and ascent.
/// Every run's glyphs sit on that baseline, whatever its own face's ascent, so a comment
/// mixing CJK and Latin lines up with one in Latin alone, and Latin text is drawn exactly
/// as the primary face alone draws it. A face with a taller box (Noto CJK's is about a
/// quarter taller than DejaVu's, mostly empty) is cut to the line box, not its ink.
struct ShapedLine {
    /// One run where it goes: `x` from the line's left, `top` the row of the line box
    /// where the top of the run's own font box falls (negative for a taller face).
    struct Placed {
        var run: TextRun
        var font: OpaquePointer
        var x: Int
        /// Width in the line: the run's advance, or for emoji the strike's advance scaled.
        var width: Int
        var top: Int
        /// For emoji: the size the strike's bitmap is scaled to; nil for outline fonts.
        var scaledHeight: Int?
    }

    var width: Int
    var height: Int
    var ascent: Int

    /// Lays `text` out at `spec` and calls `body` with each run in drawing order, while its
    /// font is valid (a later run may open a font that closes an earlier one's).
    ///
    /// - Complexity: the run split (`TextRuns`), then one `TTF_SizeUTF8` per run.
    /// - Throws: `SDLError` when a font cannot be opened.
    static func layOut(
        _ text: String, font spec: FontSpec, in fonts: FontLibrary,
        _ body: (Placed) throws -> Void = { _ in }
    ) throws -> ShapedLine {
        let size = FontLibrary.pixelSize(of: spec)
        let primary = try fonts.font(.latin, pixelSize: size, weight: spec.weight)
        let ascent = Int(TTF_FontAscent(primary)), height = Int(TTF_FontHeight(primary))
        var x = 0
        for run in TextRuns.split(text, provides: fonts.provides) {
            let font = try fonts.font(run.face, pixelSize: size, weight: spec.weight)
            var w: Int32 = 0, h: Int32 = 0
            guard TTF_SizeUTF8(font, run.text, &w, &h) == 0, w > 0 else { continue }
            var placed = Placed(run: run, font: font, x: x, width: Int(w), top: ascent - Int(TTF_FontAscent(font)))
            if run.face == .emoji {
                // The strike is scaled so that its box is the line's: emoji stand as tall as
                // the line, on its baseline.
                let strikeHeight = max(1, Int(TTF_FontHeight(font)))
                placed.width = max(1, (Int(w) * height + strikeHeight / 2) / strikeHeight)
                placed.top = ascent - (Int(TTF_FontAscent(font)) * height + strikeHeight / 2) / strikeHeight
                placed.scaledHeight = height
            }
            try body(placed)
            x += placed.width
        }
        return ShapedLine(width: x, height: height, ascent: ascent)
    }
}
