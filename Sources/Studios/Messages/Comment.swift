import StudioKit

/// One line of the comment list: who said what, and the colour the name is drawn in.
public struct Comment: Hashable, Sendable {
    /// What the line reports: a chat message, someone entering, a gift, a platform notice.
    public enum Kind: String, Hashable, Sendable {
        case chat, enter, gift, system

        /// The colour of the line's text: chat white, entering dimmer, gifts gold, notices cyan.
        var textColor: Color {
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
    public var userColor: Color
    public var kind: Kind
    /// Sent by the viewer at this screen: the list and the danmaku mark it as theirs.
    public var isOwn: Bool
    /// How the barrage shows it, when its source says (nil: white, scrolling, normal size).
    public var danmaku: DanmakuLook?

    public init(user: String, text: String, userColor: Color, kind: Kind = .chat, isOwn: Bool = false,
                danmaku: DanmakuLook? = nil) {
        self.user = user
        self.text = text
        self.userColor = userColor
        self.kind = kind
        self.isOwn = isOwn
        self.danmaku = danmaku
    }

    /// The line a feed event shows in the comment list, or nil for other events.
    public init?(event name: EventName, payload: EventPayload) {
        if let comment = EventKey.commentArrived.payload(name, payload) {
            self = comment
        } else if let member = EventKey.audienceEntered.payload(name, payload) {
            self.init(user: member.name, text: "joined the room",
                      userColor: member.isVIP ? Palette.gold : Palette.secondaryText, kind: .enter)
        } else if let gift = EventKey.giftArrived.payload(name, payload) {
            self.init(gift: gift)
        } else if let chat = EventKey.superChatArrived.payload(name, payload) {
            self.init(user: chat.user, text: "\(SuperChatWidget.price(chat.price)) SC: \(chat.message)",
                      userColor: chat.tier.color, kind: .gift)
        } else if let membership = EventKey.membershipBought.payload(name, payload) {
            self.init(user: membership.user, text: "joined as \(membership.level.title)",
                      userColor: MembershipBannerWidget.color(membership.level), kind: .enter)
        } else if name == .systemMessage, let text = payload.text {
            self.init(user: "System", text: text, userColor: Palette.notice, kind: .system)
        } else {
            return nil
        }
    }

    /// The line a gift shows: who sent what, how many.
    public init(gift: GiftMessage) {
        self.init(user: gift.sender, text: "sent \(gift.gift.name) ×\(gift.count)", userColor: Palette.gold, kind: .gift)
    }
}
