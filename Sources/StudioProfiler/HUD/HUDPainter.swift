import Foundation
import StudioKit

/// Draws a `HUDModel` as display-list items: fps, the frame-time graph against the 16.7 ms
/// line (slow frames in red), phase and layer bars, counters and the costliest widgets.
struct HUDPainter {
    let model: HUDModel
    let topCount: Int

    static let panel = Color(r: 10, g: 12, b: 20, a: 200)
    static let good = Color(r: 90, g: 220, b: 120)
    static let slow = Color(r: 255, g: 70, b: 70)
    static let budget = Color(r: 255, g: 210, b: 60)
    static let text = Color(r: 235, g: 235, b: 240)
    static let dim = Color(r: 160, g: 165, b: 180)
    static let phaseColors: [Color] = [
        Color(r: 120, g: 144, b: 255), Color(r: 100, g: 200, b: 255), Color(r: 170, g: 120, b: 255),
        Color(r: 90, g: 220, b: 120), Color(r: 255, g: 170, b: 60), Color(r: 255, g: 100, b: 140),
        Color(r: 200, g: 200, b: 200), Color(r: 90, g: 90, b: 110),
    ]

    func draw(in canvas: Canvas, viewport: Size) {
        let x = 12.0, width = min(520.0, viewport.width - 24)
        var y = 12.0
        let height = 604.0 + Double(min(topCount, model.topWidgets.count)) * 22
        canvas.fillRoundedRect(Rect(x: x, y: y, width: width, height: height), radius: 10, Self.panel)
        let left = x + 12, inner = width - 24
        y += 10
        let last = model.orderedHistory.last ?? 0
        canvas.text(
            String(
                format: "%.1f fps   %.2f ms   slow %d/%d", model.fps, last * 1000,
                model.slowFrames, min(model.recorded, HUDModel.historyLength)),
            font: .bold(22), color: Self.text, at: Point(x: left, y: y))
        y += 34
        y = graph(canvas, x: left, y: y, width: inner, height: 120) + 10
        y = bars(
            canvas, title: "phases (ms)", x: left, y: y, width: inner,
            items: FramePhase.allCases.filter { $0 != .pace }.map {
                ($0.description, model.phases[$0.rawValue], Self.phaseColors[$0.rawValue])
            })
        y = bars(
            canvas, title: "layers (ms)", x: left, y: y + 6, width: inner,
            items: LayerKind.allCases.enumerated().map { ("\($1)", model.layers[$0], Self.phaseColors[4]) })
        y = counterLines(canvas, x: left, y: y)
        guard topCount > 0, !model.topWidgets.isEmpty else { return }
        canvas.text("top widgets (update+draw)", font: .bold(17), color: Self.dim, at: Point(x: left, y: y))
        y += 22
        for w in model.topWidgets.prefix(topCount) {
            canvas.text(w.name, font: .regular(16), color: Self.text, at: Point(x: left, y: y))
            canvas.text(
                String(format: "%.1f us", w.totalPerFrame * 1e6), font: .regular(16), color: Self.text,
                at: Point(x: left + inner, y: y), alignment: .right)
            y += 22
        }
    }

    /// The counter lines (widgets, text cache, danmaku, tiles and caches, raster workers, then
    /// video when one plays) from `y` down; returns the y below them.
    private func counterLines(_ canvas: Canvas, x left: Double, y: Double) -> Double {
        var y = y
        let c = model.counters
        canvas.text(
            "widgets \(c.widgets)  draw \(c.drawCommands)  events \(c.eventsDelivered)",
            font: .regular(17), color: Self.text, at: Point(x: left, y: y + 6))
        canvas.text(
            "text cache \(c.textCacheHits) hit / \(c.textCacheMisses) miss  danmaku \(c.danmakuOnScreen)",
            font: .regular(17), color: Self.text, at: Point(x: left, y: y + 28))
        canvas.text(
            "danmaku blocked \(c.danmakuBlocked)  merged \(c.danmakuMerged)  over cap \(c.danmakuOverDensity)",
            font: .regular(17), color: Self.text, at: Point(x: left, y: y + 50))
        canvas.text(
            "tiles drawn \(c.tilesDrawn) changed \(c.tilesChanged)  sprites \(c.spriteHits)/\(c.spriteMisses)  "
                + String(format: "caches %.1f MB", Double(c.cacheBytes) / 1_048_576),
            font: .regular(17), color: Self.text, at: Point(x: left, y: y + 72))
        var worst = "raster workers \(c.workerUtilisation)% busy"
        if let slowest = model.slowest {
            worst += String(format: "  slowest %.2f ms", slowest.busy * 1000)
            if let w = slowest.widget { worst += String(format: ": %@ %.0f us", w.name, w.seconds * 1e6) }
        }
        canvas.text(worst, font: .regular(17), color: Self.text, at: Point(x: left, y: y + 94))
        y += 124
        if c.videoDecodeMicros > 0 || c.videoQueued > 0 {
            canvas.text(
                String(
                    format: "video decode %.2f ms  convert %.2f ms  queue %d  dropped %d",
                    Double(c.videoDecodeMicros) / 1000, Double(c.videoConvertMicros) / 1000,
                    c.videoQueued, c.videoDropped),
                font: .regular(17), color: Self.text, at: Point(x: left, y: y - 8))
            y += 22
        }
        return y
    }

    /// The last 300 frame times as bars; the 16.7 ms line; slow frames in red. Scale: 33 ms full height.
    private func graph(_ canvas: Canvas, x: Double, y: Double, width: Double, height: Double) -> Double {
        canvas.fillRect(Rect(x: x, y: y, width: width, height: height), Color(r: 0, g: 0, b: 0, a: 120))
        let scale = height / (2 * LatencyHistogram.frameBudget)
        let barWidth = width / Double(HUDModel.historyLength)
        for (i, t) in model.orderedHistory.enumerated() {
            let h = min(height, t * scale)
            let slow = t > LatencyHistogram.frameBudget
            canvas.fillRect(
                Rect(x: x + Double(i) * barWidth, y: y + height - h, width: max(1, barWidth), height: h),
                slow ? Self.slow : Self.good)
        }
        let lineY = y + height - LatencyHistogram.frameBudget * scale
        canvas.line(from: Point(x: x, y: lineY), to: Point(x: x + width, y: lineY), width: 1.5, Self.budget)
        canvas.text(
            "16.7 ms", font: .regular(14), color: Self.budget, at: Point(x: x + width - 4, y: lineY - 18),
            alignment: .right)
        return y + height
    }

    private func bars(
        _ canvas: Canvas, title: String, x: Double, y: Double, width: Double,
        items: [(String, Double, Color)]
    ) -> Double {
        canvas.text(title, font: .bold(17), color: Self.dim, at: Point(x: x, y: y))
        var y = y + 22
        let labelWidth = 110.0, valueWidth = 70.0
        let barSpace = width - labelWidth - valueWidth
        let maxValue = max(items.map(\.1).max() ?? 0, 0.001)
        for (name, seconds, color) in items {
            canvas.text(name, font: .regular(15), color: Self.text, at: Point(x: x, y: y))
            canvas.fillRect(Rect(x: x + labelWidth, y: y + 3, width: max(1, barSpace * seconds / maxValue), height: 13), color)
            canvas.text(
                String(format: "%.2f", seconds * 1000), font: .regular(15), color: Self.text,
                at: Point(x: x + width, y: y), alignment: .right)
            y += 19
        }
        return y
    }
}
