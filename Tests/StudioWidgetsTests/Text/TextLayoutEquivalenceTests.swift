import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Text fitting and wrapping by search")
struct TextLayoutEquivalenceTests {
    static func measurers() -> [(String, TextMeasurer)] {
        [("approximate", ApproximateTextMeasurer()), ("uneven", UnevenTextMeasurer())]
    }

    @Test("fitting by binary search gives what trying every length from the longest down gave, over 3000 random texts")
    func fittingMatchesTheCharacterWalk() {
        var random = SeededRandom(seed: 0xF17)
        for (name, measurer) in Self.measurers() {
            for _ in 0..<1500 {
                let text = RandomText.make(&random, maxPieces: 40)
                let font = FontSpec(size: 14 + Double(random.next() % 20))
                let maxWidth = Double(random.next() % 400) - 10
                let expected = OldTextLayout.fitting(text, measurer, font: font, maxWidth: maxWidth)
                let actual = measurer.fitting(text, font: font, maxWidth: maxWidth)
                #expect(actual == expected, "\(name) measurer, width \(maxWidth), text \(text.debugDescription)")
            }
        }
    }

    @Test("wrapping by search gives the lines the character walk gave, over 3000 random texts")
    func wrappingMatchesTheCharacterWalk() {
        var random = SeededRandom(seed: 0x3A9)
        for (name, measurer) in Self.measurers() {
            for _ in 0..<1500 {
                let text = RandomText.make(&random, maxPieces: 60)
                let font = FontSpec(size: 14 + Double(random.next() % 20))
                let maxWidth = Double(random.next() % 300) - 10
                let maxLines = Int(random.next() % 6) - 1
                let expected = OldTextLayout.wrapping(text, measurer, font: font, maxWidth: maxWidth, maxLines: maxLines)
                let actual = measurer.wrapping(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
                #expect(
                    actual == expected,
                    "\(name) measurer, width \(maxWidth), \(maxLines) lines, text \(text.debugDescription)")
            }
        }
    }

    @Test("fitting a 2000-character text measures a dozen or so strings, not one per character")
    func fittingMeasuresLogarithmically() {
        let measurer = UnevenTextMeasurer()
        let text = String(repeating: "stream ", count: 285)  // 1995 characters, under the cap
        let fitted = measurer.fitting(text, font: .regular(20), maxWidth: 300)
        #expect(fitted.hasSuffix("…") && fitted.count > 10)
        // One measurement of the whole text, then ceil(log2(1995)) + 1 at most.
        #expect(measurer.calls <= 13)
    }

    @Test("wrapping a long text into many lines measures a few strings per line")
    func wrappingMeasuresFewPerLine() {
        let measurer = UnevenTextMeasurer()
        let text = String(repeating: "gift 你好 ", count: 200)  // 1800 characters
        let lines = measurer.wrapping(text, font: .regular(20), maxWidth: 300, maxLines: 0)
        #expect(lines.count > 20)
        #expect(measurer.calls <= lines.count * 12)
        #expect(measurer.calls < text.count)
    }

    @Test("wrapping a long text stops measuring after the line past the last kept one")
    func wrappingStopsAtMaxLines() {
        let measurer = UnevenTextMeasurer()
        let text = String(repeating: "hello world ", count: 150)
        let lines = measurer.wrapping(text, font: .regular(20), maxWidth: 300, maxLines: 2)
        #expect(lines.count == 2 && lines[1].hasSuffix("…"))
        #expect(measurer.calls <= 3 * 12 + 12)
    }
}
