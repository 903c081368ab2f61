import Foundation

/// A small SVG writer for the report page's charts: a plot area with margins, linear or
/// logarithmic axes with ticks and grid lines, and the shapes the charts need. Coordinates
/// are written with two decimals, so the same report gives the same page.
struct SVGPlot {
    let width: Double
    let height: Double
    var left = 56.0
    var right = 16.0
    var top = 14.0
    var bottom = 34.0
    private(set) var body: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    var plotWidth: Double { width - left - right }
    var plotHeight: Double { height - top - bottom }

    /// A linear map of `domain` onto `from...to` (`to` may be the smaller: y grows upwards); a
    /// zero-width domain maps to `from`.
    static func scale(_ domain: ClosedRange<Double>, from: Double, to: Double) -> (Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        return { v in
            guard span > 0, v.isFinite else { return from }
            return from + (v - domain.lowerBound) / span * (to - from)
        }
    }

    /// The x and y of the plot area for data in `xDomain` and `yDomain` (y grows upwards).
    func axes(
        x xDomain: ClosedRange<Double>, y yDomain: ClosedRange<Double>
    )
        -> (x: (Double) -> Double, y: (Double) -> Double)
    {
        (Self.scale(xDomain, from: left, to: left + plotWidth), Self.scale(yDomain, from: top + plotHeight, to: top))
    }

    mutating func add(_ element: String) { body.append(element) }

    /// Grid lines and labels across the plot at each y tick, and the y axis's title.
    mutating func yTicks(_ ticks: [Double], y: (Double) -> Double, label: (Double) -> String, title: String) {
        for t in ticks {
            let py = y(t)
            add("<line class=\"grid\" x1=\"\(num(left))\" y1=\"\(num(py))\" x2=\"\(num(left + plotWidth))\" y2=\"\(num(py))\"/>")
            add("<text class=\"tick\" x=\"\(num(left - 6))\" y=\"\(num(py + 4))\" text-anchor=\"end\">\(label(t).htmlEscaped)</text>")
        }
        add(
            "<text class=\"axis-title\" transform=\"translate(12 \(num(top + plotHeight / 2))) rotate(-90)\" "
                + "text-anchor=\"middle\">\(title.htmlEscaped)</text>")
    }

    /// Labels under the plot at each x tick, and the x axis's title.
    mutating func xTicks(_ ticks: [Double], x: (Double) -> Double, label: (Double) -> String, title: String) {
        let base = top + plotHeight
        add("<line class=\"axis\" x1=\"\(num(left))\" y1=\"\(num(base))\" x2=\"\(num(left + plotWidth))\" y2=\"\(num(base))\"/>")
        for t in ticks {
            let px = x(t)
            add("<line class=\"axis\" x1=\"\(num(px))\" y1=\"\(num(base))\" x2=\"\(num(px))\" y2=\"\(num(base + 4))\"/>")
            add("<text class=\"tick\" x=\"\(num(px))\" y=\"\(num(base + 16))\" text-anchor=\"middle\">\(label(t).htmlEscaped)</text>")
        }
        add(
            "<text class=\"axis-title\" x=\"\(num(left + plotWidth / 2))\" y=\"\(num(height - 3))\" "
                + "text-anchor=\"middle\">\(title.htmlEscaped)</text>")
    }

    /// A horizontal line across the plot at `y` (a budget), labelled at its right end.
    mutating func rule(at py: Double, label: String, className: String) {
        add("<line class=\"\(className)\" x1=\"\(num(left))\" y1=\"\(num(py))\" x2=\"\(num(left + plotWidth))\" y2=\"\(num(py))\"/>")
        add(
            "<text class=\"\(className)-label\" x=\"\(num(left + plotWidth - 4))\" y=\"\(num(py - 5))\" "
                + "text-anchor=\"end\">\(label.htmlEscaped)</text>")
    }

    /// A polygon from the baseline up to `points` and back down: an area under a series.
    mutating func area(_ points: [(Double, Double)], baseline: Double, className: String) {
        guard let first = points.first, let last = points.last else { return }
        let path = ["\(num(first.0)),\(num(baseline))"] + points.map { "\(num($0.0)),\(num($0.1))" } + ["\(num(last.0)),\(num(baseline))"]
        add("<polygon class=\"\(className)\" points=\"\(path.joined(separator: " "))\"/>")
    }

    mutating func line(_ points: [(Double, Double)], className: String) {
        guard !points.isEmpty else { return }
        add("<polyline class=\"\(className)\" points=\"\(points.map { "\(num($0.0)),\(num($0.1))" }.joined(separator: " "))\"/>")
    }

    mutating func rect(x: Double, y: Double, width w: Double, height h: Double, className: String, title: String? = nil) {
        let tip = title.map { "<title>\($0.htmlEscaped)</title>" } ?? ""
        add(
            "<rect class=\"\(className)\" x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(max(0, w)))\" height=\"\(num(max(0, h)))\">\(tip)</rect>"
        )
    }

    mutating func text(_ s: String, x: Double, y: Double, className: String = "tick", anchor: String = "start") {
        add("<text class=\"\(className)\" x=\"\(num(x))\" y=\"\(num(y))\" text-anchor=\"\(anchor)\">\(s.htmlEscaped)</text>")
    }

    /// The finished `<svg>` element, described for screen readers by `label`.
    func svg(label: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(num(width)) \(num(height))\" width=\"\(num(width))\" height=\"\(num(height))\" "
            + "role=\"img\" aria-label=\"\(label.htmlEscaped)\">\n" + body.joined(separator: "\n") + "\n</svg>"
    }

    /// Round ticks for 0...`top`: about `count` of them at 1, 2 or 5 times a power of ten.
    static func ticks(upTo top: Double, count: Int = 5) -> [Double] {
        guard top > 0, top.isFinite else { return [0] }
        let raw = top / Double(max(1, count))
        let power = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        return stride(from: 0, through: top + step * 1e-9, by: step).map { $0 }
    }
}

/// A number for SVG: two decimals at most, none for whole numbers, so the same report gives
/// the same page.
func num(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(format: "%.0f", r) : String(format: "%.2f", r)
}
