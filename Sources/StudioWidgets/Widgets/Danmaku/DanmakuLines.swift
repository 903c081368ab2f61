import StudioDomain
import StudioKit

/// A comment's text as the lines it is drawn in: one, or several where the text holds line
/// feeds (a danmaku file's `/n`, see `DanmakuLineBreaks`). Lines are left-aligned, and each
/// starts one text size below the one before, as the web players set comments (a line
/// height of 1): the lines of a positioned comment's block-character art then meet without
/// a gap, as their authors drew them.
///
/// A text without a line feed is measured, fitted and drawn exactly as one line always was.
enum DanmakuLines {
    static func isMultiline(_ text: String) -> Bool { text.utf8.contains(0x0A) }

    /// The lines of `text`, split at line feeds.
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// How many lines `text` takes.
    static func count(_ text: String) -> Int { isMultiline(text) ? lines(text).count : 1 }

    /// The box `text` takes in `font`: its widest line across, and one line's height plus a
    /// text size for each further line.
    static func measure(_ text: String, font: FontSpec, measurer: TextMeasurer) -> Size {
        guard isMultiline(text) else { return measurer.measure(text, font: font) }
        var width = 0.0
        var height = 0.0
        for line in lines(text) {
            let size = measurer.measure(String(line), font: font)
            width = max(width, size.width)
            height = max(height, size.height)
        }
        return Size(width: width, height: height + Double(count(text) - 1) * font.size)
    }

    /// `text` with each line cut to fit `maxWidth` (see `TextMeasurer.fitting`).
    static func fitting(_ text: String, font: FontSpec, maxWidth: Double, measurer: TextMeasurer) -> String {
        guard isMultiline(text) else { return measurer.fitting(text, font: font, maxWidth: maxWidth) }
        return lines(text).map { measurer.fitting(String($0), font: font, maxWidth: maxWidth) }.joined(separator: "\n")
    }

    /// Draws `text`, its first line's top-left at `origin`.
    static func draw(_ text: String, font: FontSpec, color: Color, at origin: Point, in canvas: Canvas) {
        guard isMultiline(text) else {
            canvas.text(text, font: font, color: color, at: origin)
            return
        }
        for (i, line) in lines(text).enumerated() where !line.isEmpty {
            canvas.text(String(line), font: font, color: color, at: Point(x: origin.x, y: origin.y + Double(i) * font.size))
        }
    }
}
