import StudioKit

/// A super chat: a paid message the room pins for a while, priced in yuan (as Bilibili's
/// live rooms and recordings of them price it).
public struct SuperChat: Hashable, Sendable {
    public var user: String
    public var message: String
    /// What the sender paid, in yuan.
    package var price: Double
    /// Seconds the room keeps it pinned.
    public var seconds: Double

    public init(user: String, message: String, price: Double, seconds: Double? = nil) {
        self.user = user
        self.message = message
        self.price = price
        self.seconds = seconds ?? SuperChatTier(price: price).pinnedSeconds
    }

    package var tier: SuperChatTier { SuperChatTier(price: price) }

    /// The price as the room shows it: "¥30", or "¥9.9" for a price with jiao.
    package var priceText: String { Self.priceText(price) }

    /// `yuan` as the room shows a price.
    package static func priceText(_ yuan: Double) -> String {
        let tenths = Int(clamping: (yuan * 10).rounded())
        return tenths % 10 == 0 ? "¥\(tenths / 10)" : "¥\(tenths / 10).\(abs(tenths % 10))"
    }
}

/// A membership bought for the room ("guard" in Bilibili's live rooms): captain, admiral or
/// governor, for `months` months.
public struct Membership: Hashable, Sendable {
    /// The three levels, numbered as recordings and the live protocol number them (1
    /// governor, 2 admiral, 3 captain). The room's own type: the file reader has its
    /// `MembershipLevel`, and the feed turns one into the other.
    public enum Level: Int, Sendable, Hashable, CaseIterable {
        /// 总督, the top level.
        case governor = 1
        /// 提督.
        case admiral = 2
        /// 舰长, the entry level and by far the commonest.
        case captain = 3
    }

    public var user: String
    public var level: Level
    package var months: Int

    public init(user: String, level: Level, months: Int = 1) {
        self.user = user
        self.level = level
        self.months = months
    }
}

extension Membership.Level {
    /// The level's name as banners and comment lines show it, English then Chinese.
    public var title: String {
        switch self {
        case .governor: "Governor 总督"
        case .admiral: "Admiral 提督"
        case .captain: "Captain 舰长"
        }
    }

    /// The level's color: its entrance banner, and the buyer's name in the comments.
    public var color: Color {
        switch self {
        case .governor: Color(hex: 0xE5484D)
        case .admiral: Color(hex: 0x9B5DE5)
        case .captain: Color(hex: 0x3B82F6)
        }
    }
}

extension EventKey where Payload == SuperChat {
    /// A super chat arrived: the super-chat widget pins it, the comment list shows its line.
    package static let superChatArrived = EventKey("superChatArrived", note: .audience)
}

extension EventKey where Payload == Membership {
    /// Someone bought a membership: an entrance banner announces them.
    package static let membershipBought = EventKey("membershipBought", note: .audience)
}
