import StudioKit
import Studios
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct LongTextTests {
        static let megabyte = String(repeating: "long comment 你好 ", count: 1 << 20 / 22)

        @Test("fitting a megabyte comment with SDL_ttf finishes with a short line ending in an ellipsis")
        func fittingAMegabyte() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let fitted = measurer.fitting(Self.megabyte, font: .regular(26), maxWidth: 500)
            #expect(fitted.hasSuffix("…") && fitted.count < 100)
            #expect(measurer.measure(fitted, font: .regular(26)).width <= 500)
            #expect(measurer.failures == 0)
        }

        @Test("the measurer measures a megabyte as the capped line with its ellipsis, and keeps no more")
        func measurerCapsAndStaysWithinBytes() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let size = measurer.measure(Self.megabyte, font: .regular(20))
            #expect(size == measurer.measure(TextCap.cut(Self.megabyte), font: .regular(20)))
            #expect(measurer.bytes <= TextCap.cut(Self.megabyte).utf8.count)
            for i in 0..<200 { _ = measurer.measure("\(i) " + Self.megabyte, font: .regular(20)) }
            #expect(measurer.bytes <= measurer.byteBudget)
        }

        @Test("the text cache keeps a megabyte draw command as the capped line, not a megabyte")
        func textCacheDoesNotGrowByAHugeString() throws {
            let f = try Fixture()
            let cache = TextCache(fonts: f.fonts)
            let mask = try #require(try cache.mask(for: Self.megabyte, font: .regular(20)))
            let capped = try #require(try cache.mask(for: TextCap.cut(Self.megabyte), font: .regular(20)))
            #expect(mask === capped)  // one entry: the cut text is the key
            #expect(cache.count == 1 && cache.hits == 1)
            let key = TextCap.cut(Self.megabyte).utf8.count
            #expect(key < 16_384)
            #expect(cache.bytes == mask.width * mask.height + key)
        }

        @Test("the text cache evicts by bytes when large masks would pass its budget")
        func textCacheStaysWithinBytes() throws {
            let f = try Fixture()
            let cache = TextCache(fonts: f.fonts, capacity: 512, byteBudget: 200_000)
            let line = String(repeating: "wide line ", count: 6)
            for i in 0..<40 {
                cache.beginFrame()
                _ = try cache.mask(for: "\(i) \(line)", font: .bold(36))
                #expect(cache.bytes <= cache.byteBudget)
            }
            #expect(cache.evictions > 0 && cache.count < 40)
        }

        @Test("a draw command with a megabyte of text renders the capped line")
        func drawingAMegabyte() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(
                    .text(
                        Self.megabyte, font: .regular(24), color: .white,
                        origin: Point(x: 10, y: 100), alignment: .left))
            ])
            #expect(f.paintedPixels(in: Rect(x: 0, y: 90, width: 720, height: 50)) > 100)
            let cache = f.target.rasterizer.textCache
            let mask = try #require(try cache.mask(for: TextCap.cut(Self.megabyte), font: .regular(24)))
            #expect(cache.count == 1 && cache.hits == 1)
            #expect(cache.bytes == mask.width * mask.height + TextCap.cut(Self.megabyte).utf8.count)
        }
    }
}
