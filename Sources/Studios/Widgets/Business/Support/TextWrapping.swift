import StudioKit

extension TextMeasurer {
    /// `text` broken into lines no wider than `maxWidth`: at the last space where a Latin
    /// word would be cut, anywhere between wide (CJK) characters. At most `maxLines`; the
    /// last kept line ends in "…" when text was left over.
    /// - Complexity: O(n²) measurements for n characters; call it when the text changes,
    ///   never per frame.
    func wrapping(_ text: String, font: FontSpec, maxWidth: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for ch in text {
            let candidate = current + String(ch)
            if current.isEmpty || measure(candidate, font: font).width <= maxWidth {
                current = candidate
                continue
            }
            if ch == " " {
                lines.append(current)
                current = ""
            } else if let space = current.lastIndex(of: " "), !ch.isWideGlyph {
                lines.append(String(current[..<space]))
                current = String(current[current.index(after: space)...]) + String(ch)
            } else {
                lines.append(current)
                current = String(ch)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = fitting(kept[maxLines - 1] + "…", font: font, maxWidth: maxWidth)
        if !kept[maxLines - 1].hasSuffix("…") { kept[maxLines - 1] += "…" }
        return kept
    }
}

extension Character {
    /// Drawn one em wide (CJK, emoji), as `ApproximateTextMeasurer` counts it.
    var isWideGlyph: Bool { unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false }
}
