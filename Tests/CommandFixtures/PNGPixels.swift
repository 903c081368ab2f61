import CSDL2
import Foundation
import Testing

/// A PNG read back as 8-bit RGBA rows, for tests that look at what a window, a command or a
/// browser drew.
package struct PNGPixels {
    package let width: Int
    package let height: Int
    private let bytes: [UInt8]

    /// Reads the PNG at `path` (through SDL_image); a missing or unreadable file fails the test.
    package init(_ path: String) throws {
        let surface = try #require(IMG_Load(path), "no readable PNG at \(path)")
        defer { SDL_FreeSurface(surface) }
        let rgba = try #require(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ABGR8888.rawValue, 0))
        defer { SDL_FreeSurface(rgba) }
        width = Int(rgba.pointee.w)
        height = Int(rgba.pointee.h)
        let pitch = Int(rgba.pointee.pitch)
        let source = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var rows = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for i in 0..<(width * 4) { rows[y * width * 4 + i] = source[y * pitch + i] }
        }
        bytes = rows
    }

    /// The pixel at (`x`, `y`) as red, green, blue.
    package subscript(x x: Int, y y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }

    /// The pixel's alpha at (`x`, `y`): 255 where the PNG has none.
    package func alpha(x: Int, y: Int) -> UInt8 { bytes[(y * width + x) * 4 + 3] }

    /// The pixel at (`x`, `y`) as 0xRRGGBB.
    package func rgb(x: Int, y: Int) -> UInt32 {
        let p = self[x: x, y: y]
        return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
    }
}
