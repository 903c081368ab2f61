import StudioKit

extension TextMeasurer {
    /// `text` cut to fit `maxWidth` with a trailing "…", or unchanged when it fits.
    /// - Complexity: O(n) measurements for n characters cut; call it at layout, not per frame.
    func fitting(_ text: String, font: FontSpec, maxWidth: Double) -> String {
        if measure(text, font: font).width <= maxWidth { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            chars.removeLast()
            let candidate = String(chars) + "…"
            if measure(candidate, font: font).width <= maxWidth { return candidate }
        }
        return ""
    }
}
