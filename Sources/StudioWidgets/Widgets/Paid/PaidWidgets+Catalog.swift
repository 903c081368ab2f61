import StudioDomain
import StudioKit

extension Levels {
    /// Pinned super chats (movable layer): under the host card, above the danmaku band's
    /// level, so a chip reads over the barrage.
    public static let superChat = 242.0
    /// New members' entrance banners (movable layer), over the barrage and the comments.
    public static let membershipBanner = 264.0
}

extension SuperChatWidget: CatalogWidget {
    public static var catalogName: String { "superChat" }
    public static var defaultLevel: Double { Levels.superChat }

    /// Options: `top` (0...1100, 212), the top of the chip row.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let top = try options.double("top", default: 212, in: 0...1100)
        try options.finish()
        return SuperChatWidget(level: level, top: top)
    }
}

extension MembershipBannerWidget: CatalogWidget {
    package static var catalogName: String { "membershipBanner" }
    package static var defaultLevel: Double { Levels.membershipBanner }

    /// Options: `top` (0...1200, 566).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let top = try options.double("top", default: 566, in: 0...1200)
        try options.finish()
        return MembershipBannerWidget(level: level, top: top)
    }
}

extension WidgetCatalog {
    /// Paid messages: super chats and memberships.
    static var paidWidgets: [any CatalogWidget.Type] {
        [SuperChatWidget.self, MembershipBannerWidget.self]
    }
}
