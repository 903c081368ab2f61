import StudioDomain
import StudioKit

extension WidgetCatalog {
    /// Widgets of particular studio kinds: audience list, rank and share
    /// sheets, the comment composer, the gift panel, the PK bar, banner and opponent video, product cards and cart, quiz card, claw
    /// pad, playback bar, price ticker, co-stream window, host panel and hosts loop.
    static var businessWidgets: [any CatalogWidget.Type] {
        [
            AudienceListWidget.self, RankListDialogWidget.self, ShareSheetWidget.self, CommentComposerWidget.self,
            GiftPanelWidget.self,
            PKBarWidget.self, WinnerBannerWidget.self, PKOpponentWidget.self,
            ProductCardsWidget.self, CartButtonWidget.self,
            QuizCardWidget.self, ClawPadWidget.self, PlaybackBarWidget.self, PriceTickerWidget.self,
            CoStreamWindowWidget.self, HostPanelWidget.self, HostsLoopWidget.self,
        ]
    }
}
