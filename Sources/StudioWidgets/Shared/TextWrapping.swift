import StudioDomain
import StudioKit

extension TextMeasurer {
    /// `text` broken into lines no wider than `maxWidth`: at the last space where a Latin
    /// word would be cut, anywhere between wide (CJK) characters. At most `maxLines`; the
    /// last kept line ends in "…" when text was left over. Text longer than `TextCap` is cut
    /// to the cap first.
    ///
    /// The rules are those of a walk that adds one character at a time and breaks at the
    /// first one that overflows: a space that overflows ends the line and is dropped; a
    /// Latin character that overflows moves the line's last word (after its last space) to
    /// the next line; otherwise the overflowing character starts the next line. The lines
    /// are a line's first character plus every following one while the line still fits
    /// (a word carried over may overflow on its own; the next character then breaks). So
    /// instead of measuring after every character, each line's break is found by galloping
    /// then binary search, which assumes what fonts give: a longer run is never narrower.
    ///
    /// - Complexity: O(k log m) measurements for k lines of at most m characters (so at
    ///   most O(n log n) for n characters), each of at most m characters; with `maxLines`
    ///   it stops after the line past the last kept one. Call it when the text changes,
    ///   never per frame.
    public func wrapping(_ text: String, font: FontSpec, maxWidth: Double, maxLines: Int) -> [String] {
        let chars = Array(TextCap.cut(text))
        // The run chars[start...j] fits.
        func fits(from start: Int, through j: Int) -> Bool {
            measure(String(chars[start...j]), font: font).width <= maxWidth
        }
        var lines: [String] = []
        // The current line is chars[start..<end]; empty when start == end.
        var start = 0, end = 0
        while end < chars.count {
            if maxLines > 0, lines.count > maxLines { break }
            // A line's first character is taken without measuring.
            if start == end { end += 1 }
            let overflow = firstOverflow(count: chars.count, from: end) { fits(from: start, through: $0) }
            guard overflow < chars.count else {
                end = chars.count
                break
            }
            let ch = chars[overflow]
            if ch == " " {
                lines.append(String(chars[start..<overflow]))
                start = overflow + 1
                end = start
            } else if !ch.isWideGlyph, let space = chars[start..<overflow].lastIndex(of: " ") {
                lines.append(String(chars[start..<space]))
                start = space + 1
                end = overflow + 1
            } else {
                lines.append(String(chars[start..<overflow]))
                start = overflow
                end = overflow + 1
            }
        }
        if start < end, !(maxLines > 0 && lines.count > maxLines) { lines.append(String(chars[start..<end])) }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = fitting(kept[maxLines - 1] + "…", font: font, maxWidth: maxWidth)
        if !kept[maxLines - 1].hasSuffix("…") { kept[maxLines - 1] += "…" }
        return kept
    }
}

/// The first index in `from..<count` where `fits` is false, or `count` when there is none,
/// for a `fits` that is true up to some index and false from there on: gallops (1, 2, 4...
/// past `from`) until it fails, then bisects the last gap.
///
/// - Complexity: O(log d) calls of `fits`, where d is the distance to the answer.
private func firstOverflow(count: Int, from: Int, fits: (Int) -> Bool) -> Int {
    var low = from, step = 1
    var probe = from
    while probe < count, fits(probe) {
        low = probe + 1
        probe += step
        step *= 2
    }
    var high = min(probe, count)
    while low < high {
        let mid = (low + high) / 2
        if fits(mid) { low = mid + 1 } else { high = mid }
    }
    return low
}

extension Character {
    /// Drawn one em wide (CJK, emoji), as `ApproximateTextMeasurer` counts it.
    var isWideGlyph: Bool { unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false }
}
