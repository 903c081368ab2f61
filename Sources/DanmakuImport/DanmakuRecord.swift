import Foundation

/// One comment from a danmaku file: a `<d p="time,mode,size,color,…">text</d>` element.
public struct DanmakuRecord: Sendable, Hashable {
    /// Seconds into the video (Bilibili) or since the recording started (recorders).
    public var time: Double
    public var mode: DanmakuRecordMode
    public var size: DanmakuRecordSize
    /// 0xRRGGBB.
    public var color: UInt32
    /// The comment; for mode 7 the text inside the script, not the JSON.
    public var text: String
    /// When it was sent (field 4). Bilibili writes seconds, the recorders milliseconds; a
    /// value above 10^11 is read as milliseconds, which stays unambiguous until the year 5138.
    package var sentAt: Date?
    /// The pool (field 5): 0 normal, 1 subtitle, 2 special.
    package var pool: Int?
    /// Field 6 as written: Bilibili's CRC32 of the sender's id, blrec's hash, or
    /// BililiveRecorder's decimal user id.
    package var senderHash: String?
    /// Field 7: the comment's id on Bilibili (0 in BililiveRecorder files).
    package var rowID: UInt64?
    /// The sender's name (`user` attribute, recordings only).
    package var userName: String?
    /// The sender's numeric id: the `uid` attribute, or in a BililiveRecorder recording the
    /// decimal field 6.
    package var userID: UInt64?
    /// Where the element starts in the file.
    package var position: DanmakuSourcePosition

    public init(
        time: Double, mode: DanmakuRecordMode = .scroll, size: DanmakuRecordSize = .normal,
        color: UInt32 = 0xFFFFFF, text: String, sentAt: Date? = nil, pool: Int? = nil,
        senderHash: String? = nil, rowID: UInt64? = nil, userName: String? = nil,
        userID: UInt64? = nil, position: DanmakuSourcePosition = .unknown
    ) {
        self.time = time
        self.mode = mode
        self.size = size
        self.color = color
        self.text = text
        self.sentAt = sentAt
        self.pool = pool
        self.senderHash = senderHash
        self.rowID = rowID
        self.userName = userName
        self.userID = userID
        self.position = position
    }
}
