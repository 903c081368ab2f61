import StudioKit

/// One line of the comment list: who said what, and the color the name is drawn in.
public struct Comment: Hashable, Sendable {
    /// What the line reports: a chat message, someone entering, a gift, a platform notice.
    public enum Kind: String, Hashable, Sendable {
        case chat, enter, gift, system

        /// The color of the line's text: chat white, entering dimmer, gifts gold, notices cyan.
        package var textColor: Color {
            switch self {
            case .chat: Palette.text
            case .enter: Palette.secondaryText
            case .gift: Palette.gold
            case .system: Palette.notice
            }
        }
    }

    public var user: String
    public var text: String
    package var userColor: Color
    public var kind: Kind
    /// Sent by the viewer at this screen: the list and the danmaku mark it as theirs.
    package var isOwn: Bool
    /// How the barrage shows it, when its source says (nil: white, scrolling, normal size).
    public var danmaku: DanmakuLook?

    public init(
        user: String, text: String, userColor: Color, kind: Kind = .chat, isOwn: Bool = false,
        danmaku: DanmakuLook? = nil
    ) {
        self.user = user
        self.text = text
        self.userColor = userColor
        self.kind = kind
        self.isOwn = isOwn
        self.danmaku = danmaku
    }

    // The lines the feed's events show in the comment list.

    /// "joined the room".
    public init(entered member: AudienceMember) {
        self.init(
            user: member.name, text: "joined the room",
            userColor: member.isVIP ? Palette.gold : Palette.secondaryText, kind: .enter)
    }

    /// The price and the message of a super chat.
    public init(superChat chat: SuperChat) {
        self.init(
            user: chat.user, text: "\(chat.priceText) SC: \(chat.message)",
            userColor: chat.tier.color, kind: .gift)
    }

    /// "joined as" the level bought.
    public init(membership: Membership) {
        self.init(
            user: membership.user, text: "joined as \(membership.level.title)",
            userColor: membership.level.color, kind: .enter)
    }

    /// A message from the platform.
    public init(systemMessage text: String) {
        self.init(user: "System", text: text, userColor: Palette.notice, kind: .system)
    }

    /// The line a gift shows: who sent what, how many.
    public init(gift: GiftMessage) {
        self.init(user: gift.sender, text: "sent \(gift.gift.name) ×\(gift.count)", userColor: Palette.gold, kind: .gift)
    }
}
