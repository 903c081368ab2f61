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
            let ten = try fonts.font(pixelSize: 10, weight: .regular, cjk: false)
            _ = try fonts.font(pixelSize: 11, weight: .regular, cjk: false)
            _ = try fonts.font(pixelSize: 12, weight: .regular, cjk: false)
            #expect(try fonts.font(pixelSize: 10, weight: .regular, cjk: false) == ten)  // 10 is now the most recent
            _ = try fonts.font(pixelSize: 13, weight: .regular, cjk: false)  // closes 11, the least recent
            #expect(fonts.openFontCount == 3)
            #expect(try fonts.font(pixelSize: 10, weight: .regular, cjk: false) == ten, "the recently used font was closed")
            for size in 14..<60 {
                _ = try fonts.font(pixelSize: size, weight: .bold, cjk: false)
                #expect(fonts.openFontCount <= 3)
            }
        }

    }
}
