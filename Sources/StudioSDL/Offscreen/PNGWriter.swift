import CSDL2
import Foundation

/// Writes a `PixelBuffer` as PNG with SDL_image.
enum PNGWriter {
    /// RGBA (colours un-premultiplied) when `hasAlpha`, else RGB straight from the buffer.
    ///
    /// - Complexity: an opaque frame is wrapped without copying; a transparent one is
    ///   un-premultiplied into a temporary surface first (a few milliseconds; not a
    ///   per-frame cost).
    /// - Throws: `SDLError.pngNotWritten` naming `path`, for example when its directory
    ///   does not exist.
    static func write(_ frame: PixelBuffer, hasAlpha: Bool, to path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SDLError.pngNotWritten(path: path, message: "directory \(directory) does not exist")
        }
        let w = Int32(frame.width), h = Int32(frame.height), pitch = Int32(frame.pitch)
        let surface: UnsafeMutablePointer<SDL_Surface>?
        if hasAlpha {
            surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
            if let surface {
                SDL_LockSurface(surface)
                let rowBytes = Int(surface.pointee.pitch)
                let base = surface.pointee.pixels!
                for y in 0..<frame.height {
                    let out = (base + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                    let row = frame.pixels + y * frame.width
                    for x in 0..<frame.width {
                        let c = PixelMath.straight(row[x])
                        out[x] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
                    }
                }
                SDL_UnlockSurface(surface)
            }
        } else {
            // XRGB8888 ("RGB888") is the same layout with the top byte ignored.
            surface = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, w, h, 32, pitch, SDL_PIXELFORMAT_RGB888.rawValue)
        }
        guard let surface else { throw SDLError.pngNotWritten(path: path, message: SDLError.lastMessage) }
        defer { SDL_FreeSurface(surface) }
        if IMG_SavePNG(surface, path) != 0 {
            throw SDLError.pngNotWritten(path: path, message: SDLError.lastMessage)
        }
    }
}
