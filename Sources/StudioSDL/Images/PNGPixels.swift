import CSDL2
import Foundation
import StudioKit

/// A PNG's pixels as the file stores them: straight (not premultiplied) RGBA, four bytes a
/// pixel, rows top to bottom. What a golden comparison reads: two PNGs match exactly when
/// these bytes do, with nothing of the renderer's own image handling in between.
package struct PNGPixels: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package let rgba: [UInt8]

    /// Decodes `data` with SDL_image, in memory.
    /// - Throws: `ImageFileError` (named `name`) when the bytes are not a PNG SDL_image can
    ///   decode, or are cut short.
    package init(png data: Data, name: String = "<memory>") throws {
        _ = try SDLRuntime.headless()
        let bytes = [UInt8](data)
        if let cut = PNGHeader.cutShort(bytes) { throw ImageFileError(path: name, reason: .undecodable(cut)) }
        let loaded = bytes.withUnsafeBytes { raw in
            IMG_Load_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)), 1)
        }
        guard let loaded else {
            throw ImageFileError(path: name, reason: .undecodable(SDLError.lastMessage))
        }
        defer { SDL_FreeSurface(loaded) }
        // ABGR8888 is R, G, B, A in memory order on a little-endian machine.
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw ImageFileError(path: name, reason: .undecodable("SDL_ConvertSurfaceFormat failed: \(SDLError.lastMessage)"))
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { dst in
            forEachPixelRow(of: surface) { y, row in
                dst.baseAddress!.advanced(by: y * width * 4).copyMemory(from: row, byteCount: width * 4)
            }
        }
        self.width = width
        self.height = height
        rgba = out
    }
}
