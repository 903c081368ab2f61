extension WidgetCatalog {
    /// The widgets most studios share (cover, video, host info, comments, docker, buttons,
    /// hearts, toast).
    static var sharedWidgets: [any CatalogWidget.Type] { [] }
}
