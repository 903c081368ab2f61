/// What a file that is not a PNG looks like from its first bytes, for error messages: the
/// usual mistakes are another image format saved with a `.png` name, or a text file (an
/// HTML error page saved by a download, a Git LFS pointer).
enum FileKind {
    /// "a JPEG", "a GIF", "text" ..., or nil when the bytes say nothing recognisable.
    static func guess(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        func startsText(_ prefix: String) -> Bool { bytes.starts(with: Array(prefix.utf8)) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG whose signature was altered (a text-mode transfer rewrites line ends)" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG" }
        if startsText("GIF87a") || startsText("GIF89a") { return "a GIF" }
        if startsText("RIFF"), bytes.count >= 12, bytes[8..<12].elementsEqual("WEBP".utf8) { return "a WebP" }
        if startsText("BM") { return "a BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF" }
        if startsText("version https://git-lfs") { return "a Git LFS pointer (run `git lfs pull`)" }
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if text.starts(with: Array("<svg".utf8)) || text.starts(with: Array("<?xml".utf8)) { return "an SVG or XML file" }
        if text.starts(with: Array("<".utf8)) { return "an HTML page" }
        // Printable ASCII and whitespace (or UTF-8 beyond ASCII): text.
        if bytes.allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return "text" }
        return nil
    }
}
