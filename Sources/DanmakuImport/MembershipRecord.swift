/// The three tiers of a Bilibili live membership (大航海), as numbered in the files.
public enum MembershipLevel: Int, Sendable, Hashable, CaseIterable {
    /// 总督, the top tier.
    case governor = 1
    /// 提督.
    case admiral = 2
    /// 舰长, the entry tier and by far the commonest.
    case captain = 3

    /// The tier's Chinese name, as the recorders write it in `giftname`.
    package var chineseName: String {
        switch self {
        case .governor: "总督"
        case .admiral: "提督"
        case .captain: "舰长"
        }
    }
}

/// A membership bought during a recording: `<guard ts="…" user="…" uid="…" level="3" count="1"/>`.
public struct MembershipRecord: Sendable, Hashable {
    /// Seconds since the recording started.
    package var time: Double
    package var userName: String
    package var userID: UInt64?
    package var level: MembershipLevel
    /// Months bought, clamped to 0...1,000.
    package var count: Int
    /// The price in yuan when the file says (blrec writes gold coins; converted here).
    package var priceInYuan: Double?
    package var position: DanmakuSourcePosition

    package init(
        time: Double, userName: String, userID: UInt64? = nil, level: MembershipLevel,
        count: Int = 1, priceInYuan: Double? = nil, position: DanmakuSourcePosition = .unknown
    ) {
        self.time = time
        self.userName = userName
        self.userID = userID
        self.level = level
        self.count = count
        self.priceInYuan = priceInYuan
        self.position = position
    }
}
