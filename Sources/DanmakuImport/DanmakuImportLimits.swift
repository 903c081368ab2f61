/// The sizes the reader refuses to exceed, so that a damaged or hostile file costs bounded
/// memory and time. The defaults are far above anything a real recorder writes.
public struct DanmakuImportLimits: Sendable, Hashable {
    /// Bytes read from the file at a time.
    public var chunkBytes: Int
    /// Text longer than this many UTF-8 bytes is cut at the last whole character before it.
    public var textBytes: Int
    /// A record element (start tag to end tag) longer than this is skipped; other elements
    /// (metadata, the XSL block) are skipped without being held in memory.
    public var elementBytes: Int
    /// An attribute value longer than this skips its element.
    public var attributeBytes: Int
    /// How many issues the summary keeps word for word; the rest are only counted.
    public var keptIssues: Int

    public init(
        chunkBytes: Int = 64 * 1024, textBytes: Int = 4 * 1024, elementBytes: Int = 64 * 1024,
        attributeBytes: Int = 32 * 1024, keptIssues: Int = 10
    ) {
        self.chunkBytes = max(1, chunkBytes)
        self.textBytes = max(4, textBytes)
        self.elementBytes = max(64, elementBytes)
        self.attributeBytes = max(16, attributeBytes)
        self.keptIssues = max(0, keptIssues)
    }

    public static let standard = DanmakuImportLimits()
}
