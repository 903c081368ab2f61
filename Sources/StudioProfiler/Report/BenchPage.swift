import Foundation

/// `studio bench --html`: the report as one self-contained HTML page that opens offline.
/// Its charts are inline SVG made here from the report alone (no script, no font, no
/// request): frame times over the run against the 16.7 ms budget, the latency distribution
/// on HdrHistogram's percentile scale, the phases and the layers as stacked bars, the
/// costliest widgets, memory over time, and the run's settings.
package enum BenchPage {
    /// Each chart's series colors. Tests look for them in a browser's screenshot, so each
    /// is used by one chart only, as an opaque fill.
    public enum Color {
        package static let frameMax = "#9ec5e8"
        package static let percentile = "#f3b77b"
        package static let memory = "#c6b3e0"
        package static let widgetUpdate = "#5aa469"
        package static let widgetDraw = "#a7d7a0"
        package static let widgetRaster = "#d9a441"
        /// The phases' and layers' segments, in order.
        package static let phases = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1"]
        package static let layers = ["#8c6d31", "#1f77b4", "#d62728", "#17becf", "#9467bd"]
    }

    package static func html(_ report: BenchReport) -> String {
        let scene = report.configuration["scene"] ?? "bench"
        var sections: [String] = []
        sections.append(summary(report))
        sections.append(
            section(
                "Frame times", frameTimes(report),
                "Busy time of each frame (every phase but the wait for the next tick) over the run; the "
                    + "shaded band is the slowest frame of each point's frames, the line their mean."))
        sections.append(
            section(
                "Latency distribution", percentilePlot(report),
                "Busy time at each percentile, on HdrHistogram's scale: each step to the right is one more nine."))
        sections.append(
            section(
                "Where a frame's time goes", stackedBars(report),
                "Mean time per frame in each phase, and in drawing each layer."))
        if !report.topWidgets.isEmpty {
            sections.append(
                section(
                    "Costliest widgets", widgets(report),
                    "Each widget's own update, draw and raster per frame, its children's excluded: raster is the raster threads' time on the items its draw made."
                ))
        }
        sections.append(section("Memory", memoryChart(report), "Resident memory over the run."))
        sections.append(section("Settings", settings(report), nil))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>studio bench: \(scene.htmlEscaped)</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <h1>studio bench: \(scene.htmlEscaped)</h1>
            \(sections.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
    }

    // MARK: Sections

    private static func section(_ title: String, _ content: String, _ caption: String?) -> String {
        "<section>\n<h2>\(title.htmlEscaped)</h2>\n" + (caption.map { "<p class=\"caption\">\($0.htmlEscaped)</p>\n" } ?? "")
            + content + "\n</section>"
    }

    private static func summary(_ r: BenchReport) -> String {
        let t = r.frameTime
        var tiles: [(String, String)] = [
            ("frames", "\(r.frames)"), ("p50", ms(t.p50)), ("p99", ms(t.p99)), ("max", ms(t.max)),
            ("over 16.7 ms", "\(t.overBudget)"), ("over 33 ms", "\(t.overStutter)"),
            ("peak memory", mb(r.memory.peakResidentBytes)),
        ]
        if let runs = r.runs { tiles.append(("runs", "median of \(runs.count)")) }
        if let advanced = r.advancedFrames, advanced < r.frames {
            tiles.insert(("advanced", String(format: "%d (%.1f%%)", advanced, r.advancedShare * 100)), at: 1)
        }
        if let profiled = r.profiledFrames {
            tiles.append(("timed widgets", "\(profiled) frames, apart"))
        }
        var out =
            "<div class=\"tiles\">"
            + tiles.map { label, value in
                "<div class=\"tile\"><div class=\"value\">\(value.htmlEscaped)</div><div class=\"label\">\(label.htmlEscaped)</div></div>"
            }.joined() + "</div>"
        for w in r.warnings { out += "\n<p class=\"warning\">\(w.htmlEscaped)</p>" }
        return "<section>\n" + out + "\n</section>"
    }

    private static func frameTimes(_ r: BenchReport) -> String {
        guard let timeline = r.timeline, !timeline.buckets.isEmpty else { return empty("No frames were measured.") }
        var plot = SVGPlot(width: 920, height: 280)
        let seconds = Double(timeline.frames) * timeline.secondsPerFrame
        let top = max(timeline.buckets.map(\.busyMax).max() ?? 0, LatencyHistogram.frameBudget) * 1.15
        let (x, y) = plot.axes(x: 0...max(seconds, timeline.secondsPerFrame), y: 0...top * 1000)
        plot.yTicks(SVGPlot.ticks(upTo: top * 1000), y: y, label: { trimmed($0) }, title: "busy ms")
        // Each bucket is a step as wide as its frames: the band is their slowest, the line their mean.
        func steps(_ value: (FrameTimeline.Bucket) -> Double) -> [(Double, Double)] {
            timeline.buckets.flatMap { b -> [(Double, Double)] in
                let start = Double(b.firstFrame) * timeline.secondsPerFrame
                let end = Double(b.firstFrame + b.frames) * timeline.secondsPerFrame
                return [(x(start), y(value(b) * 1000)), (x(end), y(value(b) * 1000))]
            }
        }
        plot.area(steps(\.busyMax), baseline: y(0), className: "frame-max")
        plot.line(steps(\.busyMean), className: "frame-mean")
        for b in timeline.buckets where b.busyMax > LatencyHistogram.frameBudget {
            let mid = (Double(b.firstFrame) + Double(b.frames) / 2) * timeline.secondsPerFrame
            plot.add(
                "<circle class=\"over\" cx=\"\(num(x(mid)))\" cy=\"\(num(y(b.busyMax * 1000)))\" r=\"3\">"
                    + "<title>\(ms(b.busyMax)) at \(trimmed(mid)) s</title></circle>")
        }
        plot.rule(at: y(LatencyHistogram.frameBudget * 1000), label: "16.7 ms: one frame at 60 fps", className: "budget")
        plot.xTicks(
            SVGPlot.ticks(upTo: seconds, count: 8).filter { $0 <= seconds }, x: x, label: { trimmed($0) },
            title: timeline.framesPerBucket > 1
                ? "simulated seconds (\(timeline.framesPerBucket) frames a point)"
                : "simulated seconds")
        return plot.svg(label: "Frame busy times over the run against the 16.7 millisecond budget")
    }

    private static func percentilePlot(_ r: BenchReport) -> String {
        guard let points = r.percentiles, points.count > 1 else { return empty("No frames were measured.") }
        var plot = SVGPlot(width: 920, height: 280)
        plot.right = 36
        // HdrHistogram's plotting scale: 1/(1 - p) on a log axis, so 90%, 99%, 99.9% are evenly spaced.
        func nines(_ p: Double) -> Double { log10(1 / max(1e-9, 1 - p / 100)) }
        let finite = points.filter { $0.percentile < 100 }
        let lastNines = (finite.last.map { nines($0.percentile) } ?? 0) + 0.5
        let top = max(points.map(\.seconds).max() ?? 0, LatencyHistogram.frameBudget) * 1.15
        let (x, y) = plot.axes(x: 0...max(1, ceil(lastNines)), y: 0...top * 1000)
        plot.yTicks(SVGPlot.ticks(upTo: top * 1000), y: y, label: { trimmed($0) }, title: "busy ms")
        // The maximum sits half a nine past the last percentile measured, where the plotter puts it.
        let placed =
            finite.map { (x(nines($0.percentile)), y($0.seconds * 1000)) }
            + [(x(lastNines), y((points.last?.seconds ?? 0) * 1000))]
        plot.area(placed, baseline: y(0), className: "percentile-area")
        plot.line(placed, className: "percentile-line")
        plot.rule(at: y(LatencyHistogram.frameBudget * 1000), label: "16.7 ms", className: "budget")
        let labels = ["0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"]
        let ticks = stride(from: 0.0, through: max(1, ceil(lastNines)), by: 1).map { $0 }
        plot.xTicks(ticks, x: x, label: { labels[min(Int(clamping: $0), labels.count - 1)] }, title: "percentile")
        plot.text(
            "max \(ms(points.last?.seconds ?? 0))", x: x(lastNines) - 4, y: y((points.last?.seconds ?? 0) * 1000) - 6,
            anchor: "end")
        return plot.svg(label: "Percentile distribution of frame busy times")
    }

    private static func stackedBars(_ r: BenchReport) -> String {
        let phases = r.phases.filter { $0.name != "pace" }
        let rows: [(String, [(String, Double)], [String])] = [
            ("phases", phases.map { ($0.name, $0.time.mean) }, BenchPage.Color.phases),
            ("layers", r.layers.map { ($0.name, $0.time.mean) }, BenchPage.Color.layers),
        ]
        let total = rows.map { $0.1.reduce(0) { $0 + $1.1 } }.max() ?? 0
        var plot = SVGPlot(width: 920, height: 70 + Double(rows.count) * 64)
        plot.left = 70
        plot.right = 120
        let (x, _) = plot.axes(x: 0...max(total, 1e-9) * 1000, y: 0...1)
        var legend: [String] = []
        for (i, (label, parts, colors)) in rows.enumerated() {
            let y0 = plot.top + Double(i) * 64
            plot.text(label, x: plot.left - 8, y: y0 + 22, anchor: "end")
            var start = 0.0
            for (k, (name, seconds)) in parts.enumerated() {
                let color = colors[k % colors.count]
                plot.add(
                    "<rect x=\"\(num(x(start * 1000)))\" y=\"\(num(y0))\" width=\"\(num(x((start + seconds) * 1000) - x(start * 1000)))\" "
                        + "height=\"34\" fill=\"\(color)\"><title>\(name.htmlEscaped): \(duration(seconds)) a frame</title></rect>")
                start += seconds
                legend.append(
                    "<span class=\"key\"><span class=\"swatch\" style=\"background:\(color)\"></span>"
                        + "\(label == "layers" ? "draw " : "")\(name.htmlEscaped) \(duration(seconds))</span>")
            }
            plot.text("\(duration(start)) a frame", x: x(start * 1000) + 6, y: y0 + 22)
        }
        plot.xTicks(SVGPlot.ticks(upTo: total * 1000, count: 8), x: x, label: { trimmed($0) }, title: "mean ms per frame")
        return plot.svg(label: "Mean time per frame by phase and by layer") + "\n<div class=\"legend\">" + legend.joined() + "</div>"
    }

    private static func widgets(_ r: BenchReport) -> String {
        let top = r.topWidgets
        let rowHeight = 24.0
        var plot = SVGPlot(width: 920, height: 50 + rowHeight * Double(top.count))
        plot.left = 240
        plot.right = 90
        let most = top.map(\.totalPerFrame).max() ?? 0
        let (x, _) = plot.axes(x: 0...max(most, 1e-9) * 1e6, y: 0...1)
        for (i, w) in top.enumerated() {
            let y0 = plot.top + Double(i) * rowHeight
            let name = w.name.count > 34 ? String(w.name.prefix(33)) + "…" : w.name
            plot.text(name, x: plot.left - 8, y: y0 + 15, anchor: "end")
            var left = 0.0
            for (phase, seconds) in [("update", w.updatePerFrame), ("draw", w.drawPerFrame), ("raster", w.rasterPerFrame)] {
                plot.rect(
                    x: x(left * 1e6), y: y0 + 3, width: x((left + seconds) * 1e6) - x(left * 1e6), height: rowHeight - 6,
                    className: "widget-\(phase)", title: "\(w.name): \(phase) \(us(seconds)) a frame")
                left += seconds
            }
            plot.text(us(w.totalPerFrame), x: x(w.totalPerFrame * 1e6) + 6, y: y0 + 15)
        }
        plot.xTicks(SVGPlot.ticks(upTo: most * 1e6, count: 6), x: x, label: { trimmed($0) }, title: "microseconds per frame")
        let keys = [("update", Color.widgetUpdate), ("draw", Color.widgetDraw), ("raster", Color.widgetRaster)].map {
            "<span class=\"key\"><span class=\"swatch\" style=\"background:\($1)\"></span>\($0)</span>"
        }
        return plot.svg(label: "The costliest widgets' update, draw and raster per frame")
            + "\n<div class=\"legend\">" + keys.joined() + "</div>"
    }

    private static func memoryChart(_ r: BenchReport) -> String {
        let read = r.timeline?.buckets.filter { $0.residentBytes > 0 } ?? []
        guard let timeline = r.timeline, !read.isEmpty else {
            return empty(
                "Resident memory was not read during this run: it went from \(mb(r.memory.startResidentBytes)) "
                    + "to \(mb(r.memory.endResidentBytes)), peak \(mb(r.memory.peakResidentBytes)).")
        }
        var plot = SVGPlot(width: 920, height: 220)
        let seconds = Double(timeline.frames) * timeline.secondsPerFrame
        let top = Double(max(read.map(\.residentBytes).max() ?? 0, r.memory.peakResidentBytes)) / 1_048_576 * 1.15
        let (x, y) = plot.axes(x: 0...max(seconds, timeline.secondsPerFrame), y: 0...top)
        plot.yTicks(SVGPlot.ticks(upTo: top), y: y, label: { trimmed($0) }, title: "resident MB")
        let points = read.flatMap { b -> [(Double, Double)] in
            let v = y(Double(b.residentBytes) / 1_048_576)
            return [
                (x(Double(b.firstFrame) * timeline.secondsPerFrame), v),
                (x(Double(b.firstFrame + b.frames) * timeline.secondsPerFrame), v),
            ]
        }
        plot.area(points, baseline: y(0), className: "memory-area")
        plot.line(points, className: "memory-line")
        plot.xTicks(
            SVGPlot.ticks(upTo: seconds, count: 8).filter { $0 <= seconds }, x: x, label: { trimmed($0) },
            title: "simulated seconds")
        return plot.svg(label: "Resident memory over the run") + "\n<p class=\"caption\">start \(mb(r.memory.startResidentBytes)), "
            + "end \(mb(r.memory.endResidentBytes)), peak \(mb(r.memory.peakResidentBytes))</p>"
    }

    private static func settings(_ r: BenchReport) -> String {
        var rows: [(String, String)] = r.configuration.keys.sorted().map { ($0, r.configuration[$0] ?? "") }
        rows.append(
            (
                "frames measured",
                "\(r.frames), \(String(format: "%.1f", r.simulatedSeconds)) s simulated, "
                    + "\(String(format: "%.1f", r.wallSeconds)) s wall"
            ))
        if let m = r.machine {
            rows.append(("machine", "\(m.cores) cores, \(m.model)"))
            rows.append(("load average", "\(load(m.loadAtStart)) at the start, \(load(m.loadAtEnd)) at the end"))
        }
        if let v = r.version { rows.append(("LiveStudio", v)) }
        if let c = r.commandLine { rows.append(("command", c.joined(separator: " "))) }
        var out = table(["setting", "value"], rows.map { [$0.0, $0.1] })
        out +=
            "\n<h3>Percentiles</h3>\n"
            + table(
                ["", "p50", "p90", "p99", "max", "mean", "over 16.7 ms"],
                [row("frame (busy)", r.frameTime)] + r.phases.map { row($0.name, $0.time) }
                    + r.layers.map { row("draw " + $0.name, $0.time) })
        out +=
            "\n<h3>Counters</h3>\n"
            + table(
                ["counter", "mean a frame", "peak"],
                r.counters.map { [$0.name, $0.meanText, "\($0.peak)"] })
        return out
    }

    // MARK: Helpers

    private static func row(_ name: String, _ t: LatencySummary) -> [String] {
        [name, ms(t.p50), ms(t.p90), ms(t.p99), ms(t.max), ms(t.mean), "\(t.overBudget)"]
    }

    private static func table(_ head: [String], _ rows: [[String]]) -> String {
        "<table>\n<thead><tr>" + head.map { "<th>\($0.htmlEscaped)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            + rows.map { "<tr>" + $0.map { "<td>\($0.htmlEscaped)</td>" }.joined() + "</tr>" }.joined(separator: "\n")
            + "\n</tbody>\n</table>"
    }

    private static func empty(_ text: String) -> String { "<p class=\"empty\">\(text.htmlEscaped)</p>" }
    private static func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
    private static func us(_ s: Double) -> String { String(format: "%.1f µs", s * 1e6) }
    /// Milliseconds from one up, microseconds below.
    private static func duration(_ s: Double) -> String { s >= 0.001 ? ms(s) : String(format: "%.0f µs", s * 1e6) }
    private static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    private static func load(_ l: [Double]) -> String {
        l.isEmpty ? "unknown" : l.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
    /// A tick's label: no more decimals than it needs.
    private static func trimmed(_ v: Double) -> String {
        let s = String(format: "%.3f", v)
        return s.contains(".") ? String(s.reversed().drop { $0 == "0" }.drop { $0 == "." }.reversed()) : s
    }

    private static let style = """
        body { margin: 0; background: #f6f6f4; color: #222; font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; }
        main { max-width: 960px; margin: 0 auto; padding: 20px; }
        h1 { font-size: 22px; margin: 4px 0 16px; }
        h2 { font-size: 17px; margin: 0 0 4px; }
        h3 { font-size: 14px; margin: 16px 0 6px; }
        section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 14px 18px; margin-bottom: 16px; }
        .caption { color: #555; margin: 0 0 8px; }
        .warning { color: #8a4b00; background: #fff4e0; border-left: 3px solid #e0a040; padding: 4px 8px; margin: 8px 0 0; }
        .empty { color: #777; font-style: italic; }
        .tiles { display: flex; flex-wrap: wrap; gap: 10px; }
        .tile { flex: 1 1 110px; background: #f0f3f7; border-radius: 5px; padding: 8px 10px; }
        .tile .value { font-size: 19px; font-weight: bold; white-space: nowrap; }
        .tile .label { color: #555; font-size: 12px; }
        svg.chart { display: block; max-width: 100%; height: auto; }
        svg text { font: 11px "DejaVu Sans", system-ui, sans-serif; fill: #444; }
        svg .axis-title { font-size: 12px; fill: #333; }
        svg .grid { stroke: #e6e6e6; stroke-width: 1; }
        svg .axis { stroke: #888; stroke-width: 1; }
        svg .budget { stroke: #d62728; stroke-width: 1.5; stroke-dasharray: 6 4; }
        svg .budget-label { fill: #d62728; font-weight: bold; }
        svg .frame-max { fill: \(Color.frameMax); stroke: none; }
        svg .frame-mean { fill: none; stroke: #1f4e79; stroke-width: 1.2; }
        svg .over { fill: #d62728; }
        svg .percentile-area { fill: \(Color.percentile); stroke: none; }
        svg .percentile-line { fill: none; stroke: #b3591a; stroke-width: 2; }
        svg .memory-area { fill: \(Color.memory); stroke: none; }
        svg .memory-line { fill: none; stroke: #5b3c88; stroke-width: 1.5; }
        svg .widget-update { fill: \(Color.widgetUpdate); }
        svg .widget-draw { fill: \(Color.widgetDraw); }
        svg .widget-raster { fill: \(Color.widgetRaster); }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-top: 6px; font-size: 12px; }
        .key { white-space: nowrap; }
        .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
        table { border-collapse: collapse; width: 100%; font-size: 12.5px; }
        th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
        td { font-variant-numeric: tabular-nums; word-break: break-word; }
        """
}
