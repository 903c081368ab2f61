import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct TextRenderingTests {
        @Test("text renders visible pixels inside its line box with the DejaVu font")
        func textRenders() throws {
            let f = try Fixture()
            let font = FontSpec.regular(32)
            try f.render([DrawItem(.text("Hello", font: font, color: .white, origin: Point(x: 100, y: 100), alignment: .left))])
            let size = TTFTextMeasurer(fonts: f.fonts).measure("Hello", font: font)
            let box = Rect(x: 100, y: 100, width: size.width, height: size.height)
            #expect(f.paintedPixels(in: box) > 100)
            #expect(f.paintedPixels(in: Rect(x: 0, y: 0, width: 100, height: 100)) == 0)
        }

        @Test("measured text widths grow with string length")
        func widthsGrow() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let font = FontSpec.regular(24)
            let one = measurer.measure("a", font: font).width
            let three = measurer.measure("aaa", font: font).width
            let ten = measurer.measure("aaaaaaaaaa", font: font).width
            #expect(one > 0)
            #expect(three > one)
            #expect(ten > three)
            #expect(measurer.measure("a", font: .bold(24)).height > 0)
        }

        @Test("the measurer answers a repeated measurement from its cache")
        func measurerCaches() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let first = measurer.measure("cached", font: .regular(20))
            let second = measurer.measure("cached", font: .regular(20))
            #expect(first == second)
            #expect(measurer.misses == 1)
            #expect(measurer.hits == 1)
        }

        @Test("a CJK string renders with the Noto CJK fallback, one em per ideograph")
        func cjkRenders() throws {
            let f = try Fixture()
            let font = FontSpec.regular(32)
            #expect(TextRuns.split("主播你好", provides: f.fonts.provides).map(\.face) == [.cjk])
            let size = TTFTextMeasurer(fonts: f.fonts).measure("主播你好", font: font)
            // Noto CJK ideographs advance exactly one em; DejaVu has no such glyphs.
            #expect(abs(size.width - 4 * 32) <= 1, "width \(size.width)")
            try f.render([DrawItem(.text("主播你好", font: font, color: .white, origin: Point(x: 50, y: 50), alignment: .left))])
            #expect(f.paintedPixels(in: Rect(x: 50, y: 50, width: size.width, height: size.height)) > 200)
        }

        @Test("right-aligned text ends at its anchor")
        func rightAlignment() throws {
            let f = try Fixture()
            try f.render([DrawItem(.text("Right", font: .bold(28), color: .white, origin: Point(x: 400, y: 100), alignment: .right))])
            #expect(f.paintedPixels(in: Rect(x: 300, y: 100, width: 100, height: 40)) > 50)
            #expect(f.paintedPixels(in: Rect(x: 401, y: 90, width: 100, height: 60)) == 0)
        }

        @Test("text with no visible width draws nothing and does not fail")
        func zeroWidthText() throws {
            let f = try Fixture()
            try f.render([DrawItem(.text("\u{200B}", font: .regular(20), color: .white, origin: Point(x: 10, y: 10), alignment: .left))])
            #expect(f.paintedPixels(in: Rect(x: 0, y: 0, width: 60, height: 60)) == 0)
        }

        @Test("text is tinted with its color")
        func textTint() throws {
            let f = try Fixture()
            try f.render([DrawItem(.text("Red", font: .bold(40), color: .red, origin: Point(x: 10, y: 10), alignment: .left))])
            var brightest = Color.black
            for y in 10..<60 { for x in 10..<100 where f.pixel(x, y).r > brightest.r { brightest = f.pixel(x, y) } }
            #expect(brightest.r > 200)
            #expect(brightest.g < 10 && brightest.b < 10)
        }

        @Test("text under a rotation still renders, resampled through the inverse transform")
        func rotatedText() throws {
            let f = try Fixture()
            let t = Transform.rotation(Double.pi / 2).then(.translation(300, 300))
            try f.render([DrawItem(.text("Turn", font: .regular(30), color: .white, origin: .zero, alignment: .left), transform: t)])
            #expect(f.target.stats.transformedTexts == 1)
            // Rotated a quarter turn clockwise, the line runs down from (300, 300) to its left.
            #expect(f.paintedPixels(in: Rect(x: 260, y: 300, width: 40, height: 60)) > 30)
        }
    }
}
