/// One record in a time index: its time, its kind, and where its element's bytes are in the
/// file.
///
/// Sixteen bytes, so that the index of a five-million-line recording takes 80 MB where the
/// records themselves, with their texts as strings, would take several times that.
public struct DanmakuIndexEntry: Sendable, Hashable, Comparable {
    /// Seconds into the video or recording.
    public let time: Double
    /// The element's offset in the file (40 bits) above its kind (2 bits) and its length
    /// (22 bits).
    private let packed: UInt64

    /// The longest element an entry can point at, 4 MiB less one byte; far above the
    /// reader's element limit.
    package static let maximumLength = (1 << 22) - 1
    /// The furthest offset an entry can point at, 1 TiB less one byte.
    package static let maximumOffset = (1 << 40) - 1

    /// Nil when the element is longer than `maximumLength` or starts past `maximumOffset`.
    public init?(time: Double, offset: Int, length: Int, kind: DanmakuRecordKind) {
        guard (0...Self.maximumOffset).contains(offset), (0...Self.maximumLength).contains(length) else { return nil }
        self.time = time
        packed = UInt64(offset) << 24 | UInt64(kind.index) << 22 | UInt64(length)
    }

    /// Where the element starts in the file, in bytes.
    package var offset: Int { Int(packed >> 24) }
    /// The element's bytes, from its `<` to the `>` of its end tag.
    package var length: Int { Int(packed & 0x3F_FFFF) }
    /// What the element holds: known without reading it, so that a record whose bytes are
    /// gone is still counted out of its own kind.
    public var kind: DanmakuRecordKind { DanmakuRecordKind.allCases[Int(packed >> 22 & 3)] }

    /// By time, then by place in the file: the order in which the records play.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.packed < rhs.packed
    }
}
