extension WidgetCatalog {
    /// Widgets of particular studio kinds: PK bar, product cards, quiz card, claw pad,
    /// playback bar, price ticker, audience list, dialogs...
    static var businessWidgets: [any CatalogWidget.Type] { [] }
}
