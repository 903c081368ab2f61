/// A super chat (醒目留言): a paid message pinned above the chat for a while.
/// `<sc ts="…" user="…" uid="…" price="…" time="…">message</sc>`.
public struct SuperChatRecord: Sendable, Hashable {
    /// Seconds since the recording started.
    public var time: Double
    package var userName: String
    package var userID: UInt64?
    /// What it cost, in yuan, clamped to 0...1,000,000. BililiveRecorder writes yuan; blrec
    /// writes gold coins (1,000 to the yuan), converted here.
    package var priceInYuan: Double
    /// How long it stays pinned, in seconds, clamped to 0...86,400.
    package var pinnedSeconds: Double
    public var message: String
    package var position: DanmakuSourcePosition

    public init(
        time: Double, userName: String, userID: UInt64? = nil, priceInYuan: Double,
        pinnedSeconds: Double, message: String, position: DanmakuSourcePosition = .unknown
    ) {
        self.time = time
        self.userName = userName
        self.userID = userID
        self.priceInYuan = priceInYuan
        self.pinnedSeconds = pinnedSeconds
        self.message = message
        self.position = position
    }
}
