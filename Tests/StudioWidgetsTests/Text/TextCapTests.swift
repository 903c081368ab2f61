import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Text length cap")
struct TextCapTests {
    @Test("text within the cap is left as it is")
    func shortTextUnchanged() {
        let text = String(repeating: "你好", count: TextCap.characters / 2)
        #expect(TextCap.cut(text) == text)
        #expect(TextCap.cut("") == "")
    }

    @Test("text past the cap keeps its first characters and ends in an ellipsis")
    func longTextMarked() {
        let text = String(repeating: "abc", count: 400_000)
        let cut = TextCap.cut(text)
        #expect(cut.count == TextCap.characters + 1)
        #expect(cut.hasSuffix("…"))
        #expect(text.hasPrefix(cut.dropLast()))
    }

    @Test("one character with thousands of combining marks is cut by scalars, and marked")
    func combiningMarksCut() {
        let text = "e" + String(repeating: "\u{301}", count: 100_000)
        let cut = TextCap.cut(text)
        #expect(cut.unicodeScalars.count == TextCap.scalars + 1)
        #expect(cut.unicodeScalars.last == "…")
    }

    @Test("fitting a megabyte returns a short line ending in an ellipsis")
    func fittingAMegabyte() {
        let measurer = UnevenTextMeasurer()
        let fitted = measurer.fitting(String(repeating: "comment ", count: 131_072), font: .regular(20), maxWidth: 500)
        #expect(fitted.hasSuffix("…") && fitted.count < 200)
        #expect(measurer.calls <= 14)
    }

    @Test("a text cut by the cap that fits is shown with the cap's ellipsis")
    func cutTextThatFits() {
        let measurer = ApproximateTextMeasurer()
        let text = String(repeating: "\u{200B}", count: 5000)  // zero-width spaces; measured 0.55 em each here
        let fitted = measurer.fitting(text, font: .regular(1), maxWidth: 10_000)
        #expect(fitted == TextCap.cut(text) && fitted.hasSuffix("…"))
    }

    @Test("wrapping a megabyte keeps its lines and ends the last one in an ellipsis")
    func wrappingAMegabyte() {
        let measurer = UnevenTextMeasurer()
        let lines = measurer.wrapping(
            String(repeating: "hello 你好 ", count: 100_000), font: .regular(20),
            maxWidth: 600, maxLines: 3)
        #expect(lines.count == 3 && lines[2].hasSuffix("…"))
        #expect(lines.allSatisfy { measurer.measure($0, font: .regular(20)).width <= 600 })
    }
}
