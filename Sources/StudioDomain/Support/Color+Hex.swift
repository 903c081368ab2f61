import StudioKit

extension Color {
    /// A color from "#RRGGBB" (the "#" optional), as configurations write them; nil for
    /// anything else.
    package init?(parsingHex text: String) {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: value)
    }
}
