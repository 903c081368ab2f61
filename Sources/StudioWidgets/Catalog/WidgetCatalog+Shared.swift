import StudioDomain
import StudioKit

extension WidgetCatalog {
    /// The widgets most studios share (cover, video, host info, comments, docker, buttons,
    /// hearts, toast) and the studio's badge.
    static var sharedWidgets: [any CatalogWidget.Type] {
        [
            CoverWidget.self, VideoPlayerWidget.self, HostInfoWidget.self, CommentListWidget.self,
            BottomBarWidget.self, ActivityIconWidget.self, LiteSwitchWidget.self, RotateButtonWidget.self,
            CloseButtonWidget.self, HeartsWidget.self, ToastWidget.self, StudioBadgeWidget.self,
        ]
    }
}
