import RoomFixtures
import StudioKit

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The fitting and wrapping that walked one character at a time, kept as the plain
/// reference the binary-searching versions must agree with.
enum OldTextLayout {
    static func fitting(_ text: String, _ measurer: TextMeasurer, font: FontSpec, maxWidth: Double) -> String {
        if measurer.measure(text, font: font).width <= maxWidth { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            chars.removeLast()
            let candidate = String(chars) + "…"
            if measurer.measure(candidate, font: font).width <= maxWidth { return candidate }
        }
        return ""
    }

    static func wrapping(
        _ text: String, _ measurer: TextMeasurer, font: FontSpec, maxWidth: Double,
        maxLines: Int
    ) -> [String] {
        var lines: [String] = []
        var current = ""
        for ch in text {
            let candidate = current + String(ch)
            if current.isEmpty || measurer.measure(candidate, font: font).width <= maxWidth {
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
        kept[maxLines - 1] = fitting(kept[maxLines - 1] + "…", measurer, font: font, maxWidth: maxWidth)
        if !kept[maxLines - 1].hasSuffix("…") { kept[maxLines - 1] += "…" }
        return kept
    }
}

/// A measurer with uneven widths and no fonts: every scalar has its own width from 0 (the
/// combining marks) to 16 px at size 20, so breaks fall in many places. Counts its calls.
final class UnevenTextMeasurer: TextMeasurer {
    private(set) var calls = 0

    func measure(_ text: String, font: FontSpec) -> Size {
        calls += 1
        var width = 0.0
        for scalar in TextCap.cut(text).unicodeScalars {
            if (0x300..<0x370).contains(scalar.value) { continue }
            width += Double(4 + (scalar.value &* 2_654_435_761) % 13) * font.size / 20
        }
        return Size(width: width, height: font.size * 1.2)
    }
}

/// Random text from pieces that stress the rules: Latin words, runs of spaces, CJK, emoji
/// of several scalars, combining accents, CRLF and flags (one character, several scalars).
enum RandomText {
    static let pieces: [String] = [
        "a", "b", "e", "i", "m", "w", "W", "x", "0", ".", ",", " ", " ", " ", "  ",
        "你", "好", "世", "界", "の", "가", "😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "\r\n", "…",
        "hello", "stream", "gift",
    ]

    static func make(_ random: inout SeededRandom, maxPieces: Int) -> String {
        let count = Int(random.next() % UInt64(maxPieces + 1))
        return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
}
