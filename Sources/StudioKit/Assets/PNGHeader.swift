import Foundation
import StudioFoundation

/// The size a PNG file declares, read from its first 33 bytes (the signature and the IHDR
/// chunk) without decoding it, so that a file that cannot be drawn is refused before a
/// decoder sees it: a 68-byte file may claim 65535x65535 pixels, and decoding that would
/// allocate gigabytes before failing.
///
/// The pixel budget is at most `maxSide` pixels on a side, so at most 2^24 pixels (64 MB
/// decoded at 4 bytes a pixel). The studio is 720x1280 logical pixels and a window shows it
/// at most at its screen's size, so a full-screen cover never needs more than a 4K screen's
/// height; anything larger is memory spent on pixels nobody sees.
package struct PNGHeader: Equatable, Sendable {
    package let width: Int
    package let height: Int

    /// The largest width or height accepted.
    package static let maxSide = 4096
    /// Bytes read: the 8-byte signature, then IHDR's length, type, 13 data bytes and CRC.
    package static let byteCount = 33
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads and checks the header of the PNG at `path`.
    ///
    /// - Complexity: one open and one read of 33 bytes, whatever the file's size.
    /// - Throws: `ImageFileError` naming `path`: missing, a folder, unreadable, empty,
    ///   truncated, not a PNG, a damaged header, no pixels, or over the pixel budget.
    package static func read(path: String) throws -> PNGHeader {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImageFileError(path: path, reason: .missing)
        }
        guard !isFolder.boolValue else { throw ImageFileError(path: path, reason: .folder) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageFileError(path: path, reason: .unreadable("it cannot be opened for reading (check its permissions)"))
        }
        defer { try? handle.close() }
        let bytes: Data
        do {
            bytes = try handle.read(upToCount: byteCount) ?? Data()
        } catch {
            throw ImageFileError(path: path, reason: .unreadable("reading it failed: \(error.localizedDescription)"))
        }
        return try parse([UInt8](bytes), path: path)
    }

    /// Reads and checks the whole PNG at `path`: its header as `read` does, then its chunks,
    /// which must reach IEND (`cutShort`). A file cut off mid-way (a copy that did not finish,
    /// a full disk) has a sound header and fails here, as the renderer would refuse it, so
    /// that an audit or a dump finds it without decoding.
    ///
    /// - Complexity: one read of the file and one pass over its chunk headers.
    /// - Throws: `ImageFileError` naming `path`, as `read` does, or `.undecodable`.
    package static func readWhole(path: String) throws -> PNGHeader {
        let header = try read(path: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageFileError(path: path, reason: .unreadable("it could not be read after its header"))
        }
        if let cut = cutShort([UInt8](data)) { throw ImageFileError(path: path, reason: .undecodable(cut)) }
        return header
    }

    /// Why the chunks of a PNG whose header passed stop before IEND, or nil when they reach
    /// it. SDL_image's reader ignores short reads, so libpng of a cut file would be handed
    /// the last chunk header again and again (an endless run of empty IDAT chunks hangs the
    /// decode): such a file is refused before the decoder sees it.
    /// - Complexity: O(number of chunks).
    package static func cutShort(_ bytes: [UInt8]) -> String? {
        var at = 8
        while at + 12 <= bytes.count {
            if bytes[at + 4..<at + 8].elementsEqual("IEND".utf8) { return nil }
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - at - 12 else { break }
            at += 12 + length
        }
        return "the file is cut short: its chunks end at byte \(at) of \(bytes.count) without the IEND chunk that closes a PNG"
    }

    /// Checks the first bytes of a PNG file (at least `byteCount` of them for a valid one);
    /// `path` only names the file in errors.
    package static func parse(_ bytes: [UInt8], path: String) throws -> PNGHeader {
        func fail(_ reason: ImageFileError.Reason) -> ImageFileError { ImageFileError(path: path, reason: reason) }
        guard !bytes.isEmpty else { throw fail(.empty) }
        // A prefix of the signature is a PNG cut short; anything else is another kind of file.
        guard bytes.starts(with: signature.prefix(min(bytes.count, signature.count))) else {
            throw fail(.notPNG(looksLike: FileKind.guess(bytes)))
        }
        guard bytes.count >= byteCount else { throw fail(.truncated(bytes: bytes.count)) }
        let length = bigEndian(bytes, at: 8)
        guard length == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            throw fail(.damagedHeader("its first chunk is not a 13-byte IHDR"))
        }
        guard CRC32.checksum(bytes[12..<29]) == bigEndian(bytes, at: 29) else {
            throw fail(.damagedHeader("the IHDR chunk's checksum does not match"))
        }
        let width = Int(bigEndian(bytes, at: 16)), height = Int(bigEndian(bytes, at: 20))
        guard width > 0, height > 0 else { throw fail(.noPixels(width: width, height: height)) }
        guard width <= maxSide, height <= maxSide else { throw fail(.overBudget(width: width, height: height)) }
        return PNGHeader(width: width, height: height)
    }

    private static func bigEndian(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, as zlib's `crc32`), which Foundation does not
/// offer on Linux. Table-driven, a byte a step: the header check runs it over 17 bytes, the
/// fuzzer over whole chunks.
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }

    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
