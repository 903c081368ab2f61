import StudioDomain
import StudioKit

extension TextMeasurer {
    /// `text` cut to fit `maxWidth` with a trailing "…", or unchanged when it fits: the
    /// longest prefix (in whole characters) that fits with "…" after it, or "" when not
    /// even "…" fits. Text longer than `TextCap` is cut to the cap first.
    ///
    /// The prefix is found by binary search, which assumes what fonts give: a longer prefix
    /// is never narrower. It is the prefix that trying every length from the longest down
    /// would find.
    ///
    /// - Complexity: O(log n) measurements for n characters (n at most `TextCap.characters`),
    ///   each of at most n characters; call it at layout, not per frame.
    public func fitting(_ text: String, font: FontSpec, maxWidth: Double) -> String {
        let capped = TextCap.cut(text)
        if measure(capped, font: font).width <= maxWidth { return capped }
        // `boundaries[k]` ends the first k characters. The whole text is known not to fit,
        // so k runs over 0..<n, as when trying each length from the longest down. A cut
        // text ends in the cap's "…", and its prefixes are prefixes of the original text.
        let boundaries = Array(capped.indices) + [capped.endIndex]
        let n = boundaries.count - 1
        func fits(_ k: Int) -> Bool {
            measure(String(capped[..<boundaries[k]]) + "…", font: font).width <= maxWidth
        }
        // The first length that does not fit, in 0...n: every shorter prefix fits.
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if fits(mid) { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? "" : String(capped[..<boundaries[low - 1]]) + "…"
    }
}

/// One line fitted to a width and remembered, with its width: `fitting` searches and
/// measures, which is layout work, so a widget that draws the same text at the same width
/// every frame keeps one of these and fits again only when the text, font or width changes.
struct FittedLine {
    private var key: (text: String, font: FontSpec, maxWidth: Double, measurer: ObjectIdentifier)?
    private var fitted = (line: "", width: 0.0)

    /// `text` fitted to `maxWidth` (see `TextMeasurer.fitting`) and the fitted line's width.
    mutating func fit(
        _ text: String, font: FontSpec, maxWidth: Double,
        measurer: TextMeasurer
    ) -> (line: String, width: Double) {
        let by = ObjectIdentifier(measurer as AnyObject)
        if let key, key.text == text, key.font == font, key.maxWidth == maxWidth, key.measurer == by { return fitted }
        let line = measurer.fitting(text, font: font, maxWidth: maxWidth)
        key = (text, font, maxWidth, by)
        fitted = (line, measurer.measure(line, font: font).width)
        return fitted
    }
}
