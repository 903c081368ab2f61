import StudioKit

/// A widget probe that also records each widget's update and draw, with its subtree's, as
/// spans in a trace on the loop thread, with the widget's name, type, level and layer; its
/// own time goes on to `base` (the bench's cost table) as well.
package final class TracingProbe: WidgetProbe {
    package let tracer: Tracer
    package let base: WidgetProbe?

    package init(tracer: Tracer, base: WidgetProbe?) {
        self.tracer = tracer
        self.base = base
    }

    /// The tracer's clock, in seconds.
    package func now() -> Double { Double(Tracer.now()) / 1e9 }

    package func record(_ widget: Widget, _ phase: WidgetPhase, seconds: Double) {
        base?.record(widget, phase, seconds: seconds)
    }

    package func record(_ widget: Widget, items: Range<Int>) { base?.record(widget, items: items) }

    /// The span covers the widget's subtree, so a frame's outermost widget spans add up to
    /// the time the tree took, and a viewer shows each widget's own time as what its
    /// children's spans leave; `own_ns` gives it too.
    package func record(_ widget: Widget, _ phase: WidgetPhase, start: Double, ownEnd: Double, end: Double) {
        base?.record(widget, phase, seconds: ownEnd - start)
        let own = Int(clamping: Self.nanos(ownEnd) &- Self.nanos(min(start, ownEnd)))
        tracer.span(
            phase == .update ? "update \(widget.name)" : "draw \(widget.name)", category: "widget",
            begin: Self.nanos(start), end: Self.nanos(end), thread: "loop",
            args: describe(widget, phase) + "\"own_ns\":\(own)")
    }

    /// A widget's args but its own time, made once per widget and phase (and again if its
    /// level or layer changes): a trace records thousands of widget spans a second, and the
    /// time spent formatting them would land in the frame it describes.
    private func describe(_ widget: Widget, _ phase: WidgetPhase) -> String {
        let layer = widget.context?.layer
        let key = Key(widget: ObjectIdentifier(widget), phase: phase)
        let kind = ObjectIdentifier(type(of: widget))
        // A widget made where a freed one was shares its identifier: the name and type tell them apart.
        if let known = described[key], known.level == widget.level, known.layer == layer, known.kind == kind,
            known.name == widget.name
        {
            return known.args
        }
        let args =
            "\"widget\":\"\(widget.name.jsonEscaped)\",\"kind\":\"\(type(of: widget))\","
            + "\"level\":\(widget.level),\"layer\":\"\(layer.map { "\($0)" } ?? "none")\",\"phase\":\"\(phase.rawValue)\","
        described[key] = (widget.level, layer, kind, widget.name, args)
        return args
    }

    private struct Key: Hashable {
        var widget: ObjectIdentifier
        var phase: WidgetPhase
    }

    private var described: [Key: (level: Double, layer: LayerKind?, kind: ObjectIdentifier, name: String, args: String)] = [:]

    package func record(studioWork name: String, start: Double, end: Double) {
        tracer.span(name, category: "studio", begin: Self.nanos(start), end: Self.nanos(end), thread: "loop")
    }

    /// Seconds on the tracer's clock back as its nanoseconds, to the nearest.
    static func nanos(_ seconds: Double) -> UInt64 { UInt64(clamping: Int64(clamping: (max(0, seconds) * 1e9).rounded())) }
}
