import StudioDomain
import StudioKit

extension WidgetCatalog {
    /// Live-interaction widgets: danmaku with its "弹" button and settings sheet, gift combos,
    /// full-screen gift animations.
    static var liveWidgets: [any CatalogWidget.Type] {
        [DanmakuWidget.self, DanmakuButtonWidget.self, DanmakuSheetWidget.self, GiftComboWidget.self, GiftAnimationWidget.self]
    }
}
