/// The container widget of one Z-layer: a full-screen, gesture-penetrating node whose
/// children are the widgets whose levels fall in the layer's range.
public final class LayerContainer: Widget {
    public let kind: LayerKind

    public init(kind: LayerKind, viewport: Size) {
        self.kind = kind
        super.init(
            name: "layer.\(kind.name)", level: kind.levels.lowerBound,
            frame: Rect(origin: .zero, size: viewport))
        passesTouchesThrough = true
    }

    /// Levels concealed in this layer (the studio's concealing list). A child at one of
    /// them is concealed when added and whenever its level changes.
    var concealedLevels: Set<Double> = [] {
        didSet { for c in children { c.isConcealed = concealedLevels.contains(c.level) } }
    }

    public override func addChild(_ child: Widget) throws {
        try super.addChild(child)
        child.isConcealed = concealedLevels.contains(child.level)
    }

    override func childLevelDidChange(_ child: Widget) {
        child.isConcealed = concealedLevels.contains(child.level)
    }

    override func contextForChild(_ context: WidgetContext, _ child: Widget) -> WidgetContext {
        context.with(layer: kind)
    }
}
