import Foundation

/// The sizes the reader refuses to exceed, so that a damaged or hostile file costs bounded
/// memory and time. The defaults are far above anything a real recorder writes.
public struct DanmakuImportLimits: Sendable, Hashable {
    /// Bytes read from the file at a time.
    package var chunkBytes: Int
    /// Text longer than this many UTF-8 bytes is cut at the last whole character before it.
    package var textBytes: Int
    /// A record element (start tag to end tag) longer than this is skipped; other elements
    /// (metadata, the XSL block) are skipped without being held in memory.
    package var elementBytes: Int
    /// An attribute value longer than this skips its element.
    package var attributeBytes: Int
    /// How many issues the summary keeps word for word; the rest are only counted.
    package var keptIssues: Int
    /// The most memory a time index (`DanmakuFileIndex`) may take, 16 bytes a record; a file
    /// with more records is refused rather than read until the machine runs out of memory.
    /// A quarter of the machine's memory unless given.
    package var indexBytes: Int

    public init(
        chunkBytes: Int = 64 * 1024, textBytes: Int = 4 * 1024, elementBytes: Int = 64 * 1024,
        attributeBytes: Int = 32 * 1024, keptIssues: Int = 10, indexBytes: Int? = nil
    ) {
        self.chunkBytes = max(1, chunkBytes)
        self.textBytes = max(4, textBytes)
        self.elementBytes = max(64, elementBytes)
        self.attributeBytes = max(16, attributeBytes)
        self.keptIssues = max(0, keptIssues)
        self.indexBytes = max(0, indexBytes ?? Self.quarterOfMemory)
    }

    public static let standard = DanmakuImportLimits()

    /// A quarter of the machine's physical memory, in bytes.
    package static var quarterOfMemory: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 4) }
}
