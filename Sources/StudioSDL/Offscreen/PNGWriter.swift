import CSDL2
import Foundation
import StudioKit

/// Writes a `PixelBuffer` as PNG with SDL_image.
///
/// SDL_image encodes into memory and `FileOutput` writes the file: SDL_image's own file
/// writer ignores failed writes, so a full disk gave a truncated PNG and success.
enum PNGWriter {
    /// RGBA (colors un-premultiplied) when `hasAlpha`, else RGB straight from the buffer.
    ///
    /// - Complexity: an opaque frame is wrapped without copying; a transparent one is
    ///   un-premultiplied into a temporary surface first (a few milliseconds; not a
    ///   per-frame cost).
    /// - Throws: `FileOutputError` naming `path` when the file cannot be written (for
    ///   example its folder does not exist); `SDLError.pngNotWritten` when SDL_image
    ///   cannot encode the frame.
    static func write(_ frame: PixelBuffer, hasAlpha: Bool, to path: String) throws {
        try FileOutput.write(encode(frame, hasAlpha: hasAlpha, path: path), to: path)
    }

    /// The PNG file's bytes, exactly as SDL_image writes them to a file.
    static func encode(_ frame: PixelBuffer, hasAlpha: Bool, path: String) throws -> [UInt8] {
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
        let sink = MemorySink()
        guard let rw = sink.makeRWops() else { throw SDLError.pngNotWritten(path: path, message: SDLError.lastMessage) }
        defer { SDL_FreeRW(rw) }
        let saved = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 0) }
        if saved != 0 { throw SDLError.pngNotWritten(path: path, message: SDLError.lastMessage) }
        return sink.bytes
    }
}

/// A growing byte buffer behind an `SDL_RWops`, for SDL_image to encode into.
private final class MemorySink {
    var bytes: [UInt8] = []
    var position = 0

    /// An `SDL_RWops` writing into this sink; valid while the sink lives; free it with
    /// `SDL_FreeRW` (its close callback does nothing else).
    func makeRWops() -> UnsafeMutablePointer<SDL_RWops>? {
        guard let rw = SDL_AllocRW() else { return nil }
        rw.pointee.type = 0  // SDL_RWOPS_UNKNOWN
        rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
        rw.pointee.size = { rw in Int64(MemorySink.of(rw).bytes.count) }
        rw.pointee.seek = { rw, offset, whence in
            let sink = MemorySink.of(rw)
            let base = whence == RW_SEEK_CUR ? sink.position : whence == RW_SEEK_END ? sink.bytes.count : 0
            let (target, overflow) = Int64(base).addingReportingOverflow(offset)
            guard !overflow, target >= 0, target <= Int64(Int32.max) else { return -1 }
            sink.position = Int(target)
            return target
        }
        rw.pointee.read = { _, _, _, _ in 0 }
        rw.pointee.write = { rw, source, size, count in
            let sink = MemorySink.of(rw)
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow, let source, total > 0 else { return 0 }
            let end = sink.position + total
            if end > sink.bytes.count { sink.bytes.append(contentsOf: repeatElement(0, count: end - sink.bytes.count)) }
            sink.bytes.withUnsafeMutableBytes { ($0.baseAddress! + sink.position).copyMemory(from: source, byteCount: total) }
            sink.position = end
            return count
        }
        rw.pointee.close = { _ in 0 }
        return rw
    }

    private static func of(_ rw: UnsafeMutablePointer<SDL_RWops>?) -> MemorySink {
        Unmanaged<MemorySink>.fromOpaque(rw!.pointee.hidden.unknown.data1).takeUnretainedValue()
    }
}
