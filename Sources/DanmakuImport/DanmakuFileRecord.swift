/// One thing that happened in a danmaku file, in file order.
public enum DanmakuFileRecord: Sendable, Hashable {
    case danmaku(DanmakuRecord)
    case gift(GiftRecord)
    case superChat(SuperChatRecord)
    case membership(MembershipRecord)

    /// Which of the four it is, for counting.
    public var kind: DanmakuRecordKind {
        switch self {
        case .danmaku: .danmaku
        case .gift: .gift
        case .superChat: .superChat
        case .membership: .membership
        }
    }

    /// Seconds into the video or recording.
    public var time: Double {
        switch self {
        case .danmaku(let record): record.time
        case .gift(let record): record.time
        case .superChat(let record): record.time
        case .membership(let record): record.time
        }
    }

    /// Where the element starts in the file.
    package var position: DanmakuSourcePosition {
        get {
            switch self {
            case .danmaku(let record): record.position
            case .gift(let record): record.position
            case .superChat(let record): record.position
            case .membership(let record): record.position
            }
        }
        set {
            switch self {
            case .danmaku(var record):
                record.position = newValue
                self = .danmaku(record)
            case .gift(var record):
                record.position = newValue
                self = .gift(record)
            case .superChat(var record):
                record.position = newValue
                self = .superChat(record)
            case .membership(var record):
                record.position = newValue
                self = .membership(record)
            }
        }
    }
}

/// The four kinds of record, in the order the summary lists them.
public enum DanmakuRecordKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case danmaku
    case gift
    case superChat
    case membership

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.index < rhs.index
    }

    /// The kind's place in `allCases`.
    var index: Int {
        switch self {
        case .danmaku: 0
        case .gift: 1
        case .superChat: 2
        case .membership: 3
        }
    }

    /// "danmaku", "gifts", … for a count.
    func noun(count: Int) -> String {
        switch self {
        case .danmaku: "danmaku"
        case .gift: count == 1 ? "gift" : "gifts"
        case .superChat: count == 1 ? "super chat" : "super chats"
        case .membership: count == 1 ? "membership" : "memberships"
        }
    }
}
