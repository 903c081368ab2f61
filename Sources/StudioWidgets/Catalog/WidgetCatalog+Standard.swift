import StudioDomain
import StudioKit

/// The lists of this module's widgets that a configuration can name. Each widget's entry
/// (its `CatalogWidget` conformance: name, default level, options) is at the end of its own
/// file; these only list them, in groups that tests go through.
extension WidgetCatalog {
    /// What most rooms show around their stream (`Widgets/Room`, `Video`, `Comments`,
    /// `Hearts`): cover, video, host info, comments, the bottom bar and its buttons, hearts,
    /// toast and the room's badge.
    static var sharedWidgets: [any CatalogWidget.Type] {
        [
            CoverWidget.self, VideoPlayerWidget.self, HostInfoWidget.self, CommentListWidget.self,
            BottomBarWidget.self, ActivityIconWidget.self, LiteSwitchWidget.self, RotateButtonWidget.self,
            CloseButtonWidget.self, HeartsWidget.self, ToastWidget.self, StudioBadgeWidget.self,
        ]
    }

    /// The live interaction (`Widgets/Danmaku`, `Gifts`): danmaku with its "弹" button and
    /// settings sheet, gift combos, full-screen gift animations.
    static var liveWidgets: [any CatalogWidget.Type] {
        [DanmakuWidget.self, DanmakuButtonWidget.self, DanmakuSheetWidget.self, GiftComboWidget.self, GiftAnimationWidget.self]
    }

    /// Paid messages (`Widgets/Paid`): super chats and memberships.
    static var paidWidgets: [any CatalogWidget.Type] {
        [SuperChatWidget.self, MembershipBannerWidget.self]
    }

    /// The widgets particular kinds of room add: the viewer's sheets and lists
    /// (`Widgets/Audience`, the composer, the gift panel), and each kind's own (`PK`,
    /// `Shopping`, `Quiz`, `Claw`, the playback bar, `Finance`, `CoStream`, `Host`).
    static var kindWidgets: [any CatalogWidget.Type] {
        [
            AudienceListWidget.self, RankListDialogWidget.self, ShareSheetWidget.self, CommentComposerWidget.self,
            GiftPanelWidget.self,
            PKBarWidget.self, WinnerBannerWidget.self, PKOpponentWidget.self,
            ProductCardsWidget.self, CartButtonWidget.self,
            QuizCardWidget.self, ClawPadWidget.self, PlaybackBarWidget.self, PriceTickerWidget.self,
            CoStreamWindowWidget.self, HostPanelWidget.self, HostsLoopWidget.self,
        ]
    }

    /// What shows the connection to the server (`Widgets/Room`): the connection banner.
    static var feedWidgets: [any CatalogWidget.Type] { [ConnectionBannerWidget.self] }
}
