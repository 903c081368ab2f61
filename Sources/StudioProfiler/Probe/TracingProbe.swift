import StudioKit

/// A widget probe that also records each widget's update and draw as spans in a trace, on
/// the loop thread, with the widget's name, type, level and layer; what it measures goes on
/// to `base` (the bench's cost table) as well.
public final class TracingProbe: WidgetProbe {
    public let tracer: Tracer
    public let base: WidgetProbe?

    public init(tracer: Tracer, base: WidgetProbe?) {
        self.tracer = tracer
        self.base = base
    }

    /// The tracer's clock, in seconds.
    public func now() -> Double { Double(Tracer.now()) / 1e9 }

    public func record(_ widget: Widget, _ phase: WidgetPhase, seconds: Double) {
        base?.record(widget, phase, seconds: seconds)
    }

    public func record(_ widget: Widget, _ phase: WidgetPhase, start: Double, end: Double) {
        base?.record(widget, phase, seconds: end - start)
        let layer = widget.context.map { "\($0.layer)" } ?? "none"
        tracer.span("\(phase.rawValue) \(widget.name)", category: "widget",
                    begin: Self.nanos(start), end: Self.nanos(end), thread: "loop",
                    args: "\"widget\":\"\(widget.name.jsonEscaped)\",\"kind\":\"\(type(of: widget))\","
                        + "\"level\":\(widget.level),\"layer\":\"\(layer)\",\"phase\":\"\(phase.rawValue)\"")
    }

    /// Seconds on the tracer's clock back as its nanoseconds, to the nearest.
    static func nanos(_ seconds: Double) -> UInt64 { UInt64(clamping: Int64(clamping: (max(0, seconds) * 1e9).rounded())) }
}
