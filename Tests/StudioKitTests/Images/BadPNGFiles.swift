import Foundation

@testable import StudioKit

/// A temporary `<assets>/images` folder to write good and bad image files into.
final class BadPNGFiles {
    let assets: URL
    var images: URL { assets.appendingPathComponent("images") }

    init() throws {
        assets = FileManager.default.temporaryDirectory.appendingPathComponent("bad-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("images"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: assets) }

    /// Writes `bytes` to `images/<name>.png` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = images.appendingPathComponent(name + ".png")
        try Data(bytes).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { images.appendingPathComponent(name + ".png").path }

    /// The repository's first bundled cover (720x1280).
    static let realCover = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/images/cover-1.png")

    /// A PNG signature and IHDR chunk declaring `width` x `height` (8-bit RGBA), with the
    /// chunk's CRC, then `padding` bytes standing in for the rest of a file.
    static func header(width: UInt32, height: UInt32, padding: Int = 0, crc: UInt32? = nil) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + chunk + be(crc ?? crc32(chunk))
            + [UInt8](repeating: 0, count: padding)
    }

    /// The 68-byte file that claims 65535x65535 pixels.
    static let giant = header(width: 65535, height: 65535, padding: 68 - 33)

    /// Zlib's CRC-32, written out here so that the checker's own is not what checks it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
