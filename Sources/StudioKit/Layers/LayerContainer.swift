/// The container widget of one Z-layer: a full-screen, gesture-penetrating node whose
/// children are the widgets whose levels fall in the layer's range.
public final class LayerContainer: Widget {
    public let kind: LayerKind

    public init(kind: LayerKind, viewport: Size) {
        self.kind = kind
        super.init(name: "layer.\(kind.name)", level: kind.levels.lowerBound,
                   frame: Rect(origin: .zero, size: viewport))
        isGesturePenetrate = true
    }

    override func contextForChild(_ context: WidgetContext, _ child: Widget) -> WidgetContext {
        context.with(layer: kind)
    }
}
