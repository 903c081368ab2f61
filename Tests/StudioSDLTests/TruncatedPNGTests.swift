import Foundation
import StudioKit
import Testing

@testable import StudioSDL

/// PNG files whose chunks stop before IEND. SDL_image's reader ignores short reads, so
/// libpng would see the last chunk header again and again past the end of the file: a file
/// cut right after an empty IDAT chunk decoded forever (found by the fuzzer).
@Suite("Image files cut short are refused before the decoder sees them")
struct TruncatedPNGTests {
    /// The real cover's chunks up to its first IDAT, then an empty IDAT chunk, then nothing.
    static func cutAfterEmptyIDAT() throws -> [UInt8] {
        let real = try [UInt8](Data(contentsOf: BadImage.realCover))
        var at = 8
        while !real[at + 4..<at + 8].elementsEqual("IDAT".utf8) {
            at += 12 + real[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let firstIDAT = 12 + real[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        return Array(real[..<(at + firstIDAT)]) + [0, 0, 0, 0] + Array("IDAT".utf8) + [0x35, 0xAF, 0x06, 0x1E]
    }

    @Test("a cover cut after an empty IDAT chunk is refused as cut short, naming the file, instead of hanging the decode")
    func emptyIDATAtTheEnd() throws {
        let f = try Fixture()
        let file = f.assets.appendingPathComponent("images/cut.png")
        try Data(try Self.cutAfterEmptyIDAT()).write(to: file)
        let cache = ImageCache(assetsDirectory: f.assets.path, runtime: f.fonts.runtime)
        #expect {
            _ = try cache.image(for: ImageRef("cut"))
        } throws: { error in
            "\(error)".contains(file.path) && "\(error)".contains("cut short") && "\(error)".contains("IEND")
        }
    }

    @Test("the chunk walk accepts a whole PNG and names where one cut mid-chunk stops")
    func chunkWalk() throws {
        let real = try [UInt8](Data(contentsOf: BadImage.realCover))
        #expect(PNGHeader.cutShort(real) == nil)
        let cut = Array(real.prefix(real.count / 2))
        #expect(PNGHeader.cutShort(cut)?.contains("of \(cut.count) without the IEND chunk") == true)
        #expect(PNGHeader.cutShort(try Self.cutAfterEmptyIDAT()) != nil)
    }
}
