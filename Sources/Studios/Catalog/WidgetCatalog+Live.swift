extension WidgetCatalog {
    /// Live-interaction widgets: danmaku, gift combos, full-screen gift animations.
    static var liveWidgets: [any CatalogWidget.Type] {
        [DanmakuWidget.self, GiftComboWidget.self, GiftAnimationWidget.self]
    }
}
