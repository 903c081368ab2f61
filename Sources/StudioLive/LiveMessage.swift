import DanmakuImport

/// What one command of the live protocol says, in LiveStudio's terms. The danmaku, gifts,
/// super chats and memberships are the records a recording holds (so a live room and a
/// played recording reach widgets the same way); the rest are the room's own events.
public enum LiveMessage: Hashable, Sendable {
    /// `DANMU_MSG`, `SEND_GIFT`, `COMBO_SEND`, `SUPER_CHAT_MESSAGE` or `GUARD_BUY`. Their
    /// `time` is 0 and their position `.unknown`: a live message happens when it arrives.
    case record(DanmakuFileRecord)
    /// `INTERACT_WORD` of type 1: someone came into the room.
    case entered(user: String)
    /// `INTERACT_WORD` of type 2: someone followed the host.
    case followed(user: String)
    /// `LIKE_INFO_V3_CLICK`: someone liked the stream.
    case liked(user: String)
    /// `ONLINE_RANK_COUNT`: how many are watching.
    case onlineCount(Int)
    /// `HOT_RANK_CHANGED` or `HOT_RANK_CHANGED_V2`: the host's place in the hourly list.
    case rank(Int)
    /// `LIVE`: the stream started; `PREPARING` (or `CUT_OFF`, the platform stopping it): it
    /// stopped.
    case live
    case preparing
    /// The heartbeat reply's popularity count (not a command: operation 3), which the
    /// platform's players show as the room's online count.
    case popularity(Int)
}

/// How the codec's reading of one message went.
package enum LiveDecoded: Hashable, Sendable {
    case message(LiveMessage)
    /// A command LiveStudio does not use (counted and skipped, as clients do).
    case unknown(command: String)
    /// A command it uses whose fields are missing or of the wrong type: why.
    case malformed(command: String, String)
}
