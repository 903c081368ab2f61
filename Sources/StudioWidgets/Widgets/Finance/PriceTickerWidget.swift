import StudioDomain
import StudioKit

/// The ticker of a financial room, at the left below the host capsule: "AAPL", the last
/// price, the change since the open ("▲1.2%") and a line chart of the last `capacity`
/// prices over a dashed line at the open.
///
/// Prices come from `.priceTicked` (payload `.double`). While no price has come for
/// `feedTimeout` seconds (and from the start) the ticker random-walks on its own every
/// `interval` seconds, with steps from the studio's seeded `random`, so the demo moves and
/// repeats exactly. The history never holds more than `capacity` prices.
public final class PriceTickerWidget: Widget, CatalogWidget {
    public static let catalogName = "priceTicker"
    public static let defaultLevel = Levels.priceTicker

    package let symbol: String
    /// The reference price the change is measured against.
    public let open: Double
    package let capacity: Int
    /// Seconds between two steps of the ticker's own walk.
    public let interval: Double
    /// Whether a rise is drawn red (Chinese markets) rather than green.
    package let redUp: Bool
    /// The prices shown, oldest first.
    package private(set) var history: [Double] = []
    /// Seconds since the feed's last price (infinite before the first).
    package private(set) var sinceFeed = Double.infinity
    private var untilStep = 0.0
    var placement = FramePlacement()

    package static let feedTimeout = 5.0
    static let size = Size(width: 360, height: 196)
    /// Below the host capsule and the video's "LIVE" clock.
    static let top = 216.0
    static let background = Color.black.withAlpha(0.55)
    static let chart = Rect(x: 18, y: 104, width: size.width - 36, height: 76)
    static let green = Color(hex: 0x22C55E)
    static let red = Color(hex: 0xF5455C)

    public init(
        level: Double = Levels.priceTicker, symbol: String = "AAPL", open: Double = 187.08,
        capacity: Int = 60, interval: Double = 0.5, redUp: Bool = false
    ) {
        self.symbol = symbol
        self.open = open
        self.capacity = max(2, capacity)
        self.interval = interval
        self.redUp = redUp
        super.init(name: "priceTicker", level: level, frame: Rect(origin: Point(x: 20, y: Self.top), size: Self.size))
    }

    /// Options: `symbol` (default "AAPL"), `open` (price, 0.01...1e7, default 187.08),
    /// `capacity` (prices kept, 10...600, default 60), `interval` (seconds per own step,
    /// 0.05...60, default 0.5), `colors` ("greenUp" or "redUp"), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = PriceTickerWidget(
            level: level,
            symbol: try options.string("symbol", default: "AAPL"),
            open: try options.double("open", default: 187.08, in: 0.01...10_000_000),
            capacity: try options.int("capacity", default: 60, in: 10...600),
            interval: try options.double("interval", default: 0.5, in: 0.05...60),
            redUp: try options.choice("colors", default: "greenUp", allowed: ["greenUp", "redUp"]) == "redUp")
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        frame.origin = placement.origin(default: Point(x: 20, y: Self.top))
        // A history to start from: the walk of the morning so far.
        history = [open]
        while history.count < capacity { history.append(walk(from: history[history.count - 1])) }
        listen(to: .priceTicked) { ticker, price in
            guard price.isFinite, price > 0 else { return }
            ticker.append(price)
            ticker.sinceFeed = 0
        }
    }

    public override func update(_ step: FrameStep) {
        sinceFeed += step.dt
        guard sinceFeed >= Self.feedTimeout else { return }
        untilStep -= step.dt
        if untilStep <= 0 {
            untilStep += interval
            append(walk(from: price))
        }
    }

    /// The latest price.
    package var price: Double { history.last ?? open }

    /// The change since the open, in percent.
    package var changePercent: Double { (price - open) / open * 100 }

    /// "▲1.2%", "▼0.4%" or "0.0%".
    package var changeText: String {
        let text = DisplayFormat.decimal(abs(changePercent), places: 1) + "%"
        if text == "0.0%" { return text }
        return (changePercent > 0 ? "▲" : "▼") + text
    }

    private func append(_ price: Double) {
        history.append(price)
        if history.count > capacity { history.removeFirst(history.count - capacity) }
    }

    /// One step of the walk: up to ±0.3%, pulled gently back towards the open.
    private func walk(from price: Double) -> Double {
        let noise = ((context?.environment.random.unit() ?? 0.5) - 0.5) * 0.006
        let pull = (open - price) / open * 0.02
        return max(0.01, price * (1 + noise + pull))
    }

    private var trendColor: Color {
        if price == open { return Palette.secondaryText }
        return (price > open) != redUp ? Self.green : Self.red
    }

    /// About 85 draw items per frame (one per point of the chart).
    public override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 22, Self.background)
        canvas.text(symbol, font: .bold(28), color: Palette.text, at: Point(x: 18, y: 14))
        canvas.text("LIVE", font: .bold(18), color: Palette.live, at: Point(x: bounds.width - 18, y: 20), alignment: .right)
        canvas.text(DisplayFormat.decimal(price, places: 2), font: .bold(36), color: Palette.text, at: Point(x: 18, y: 52))
        canvas.text(changeText, font: .bold(26), color: trendColor, at: Point(x: bounds.width - 18, y: 60), alignment: .right)
        drawChart(canvas)
    }

    private func drawChart(_ canvas: Canvas) {
        let c = Self.chart
        guard history.count >= 2 else { return }
        let low = min(history.min() ?? open, open), high = max(history.max() ?? open, open)
        let span = max(high - low, open * 0.002)
        func y(_ p: Double) -> Double { c.maxY - (p - low) / span * c.height }
        // The open as a dashed line.
        let openY = y(open)
        var x = c.minX
        while x < c.maxX {
            canvas.fillRect(Rect(x: x, y: openY - 1, width: min(8, c.maxX - x), height: 2), Color.white.withAlpha(0.3))
            x += 14
        }
        let stepX = c.width / Double(capacity - 1)
        // Right-aligned: a short history starts part-way along.
        let startX = c.maxX - stepX * Double(history.count - 1)
        let color = trendColor
        for i in 1..<history.count {
            canvas.line(
                from: Point(x: startX + stepX * Double(i - 1), y: y(history[i - 1])),
                to: Point(x: startX + stepX * Double(i), y: y(history[i])), width: 3, color)
        }
        let last = Point(x: c.maxX, y: y(price))
        canvas.fillCircle(center: last, radius: 8, color.withAlpha(0.35))
        canvas.fillCircle(center: last, radius: 4, color)
    }
}
