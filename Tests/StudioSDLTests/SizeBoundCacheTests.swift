import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// What a window resized through many sizes leaves behind: fonts opened per pixel size
    /// and images stretched per size must not stay once those sizes are no longer drawn.
    @Suite struct SizeBoundCacheTests {
        @Test("the font library keeps at most its capacity open, closing the least recently used")
        func fontsStayWithinCapacity() throws {
            let fonts = try FontLibrary(capacity: 3)
            let ten = try fonts.font(.latin, pixelSize: 10, weight: .regular)
            _ = try fonts.font(.latin, pixelSize: 11, weight: .regular)
            _ = try fonts.font(.latin, pixelSize: 12, weight: .regular)
            #expect(try fonts.font(.latin, pixelSize: 10, weight: .regular) == ten)  // 10 is now the most recent
            _ = try fonts.font(.latin, pixelSize: 13, weight: .regular)  // closes 11, the least recent
            #expect(fonts.openFontCount == 3)
            #expect(try fonts.font(.latin, pixelSize: 10, weight: .regular) == ten, "the recently used font was closed")
            for size in 14..<60 {
                _ = try fonts.font(.latin, pixelSize: size, weight: .bold)
                #expect(fonts.openFontCount <= 3)
            }
        }

        @Test("which face has a character is known without opening a font: the library opened them as it was made")
        func coverageOpensNothing() throws {
            let fonts = try FontLibrary()
            for (face, scalar) in [(FontFace.cjk, "你"), (.arabic, "م"), (.thai, "ก"), (.emoji, "😀"), (.latin, "a")]
                as [(FontFace, Unicode.Scalar)]
            {
                #expect(fonts.provides(face, scalar), "\(face) has \(scalar)")
            }
            #expect(!fonts.provides(.hebrew, "你"))
            #expect(fonts.opened == 0, "the first text of a script opens no font in the middle of a frame")
            _ = try fonts.font(.cjk, pixelSize: 30, weight: .bold)
            #expect(fonts.opened == 1, "a size is still opened on its first use")
        }

        @Test("closing every font leaves none open, and each reopens on its next use")
        func closeAllReopens() throws {
            let fonts = try FontLibrary()
            _ = try fonts.font(.latin, pixelSize: 20, weight: .regular)
            _ = try fonts.font(.cjk, pixelSize: 30, weight: .bold)
            #expect(fonts.openFontCount == 2)
            fonts.closeAll()
            #expect(fonts.openFontCount == 0)
            let measurer = TTFTextMeasurer(fonts: fonts)
            #expect(measurer.measure("hello", font: .regular(20)).width > 20)
            #expect(fonts.openFontCount == 1)
        }

        @Test("a stretched image no longer drawn is dropped after a while; one drawn every frame stays")
        func stretchedCopiesOfOldSizesGo() throws {
            let f = try Fixture(width: 360, height: 640)
            try f.writeCheckerboard("board", width: 64, height: 48, cell: 3, Color(r: 250, g: 40, b: 10), Color(r: 20, g: 90, b: 200))
            let board = [DrawItem(.image(ImageRef("board"), rect: Rect(x: 20, y: 30, width: 150, height: 110), tint: .white))]
            try f.render(board)
            try f.render(board)
            #expect(f.target.stats.scaledImages == 0, "the copy was not made")
            for _ in 0..<(3 * ImageCache.resizedKeepFrames) { try f.render(board) }
            #expect(f.target.stats.scaledImages == 0, "a copy drawn every frame was dropped")
            for _ in 0..<(2 * ImageCache.resizedKeepFrames + 1) { try f.render([]) }
            try f.render(board)
            #expect(f.target.stats.scaledImages == 1, "the copy of a size not drawn for a while is still kept")
        }
    }
}
