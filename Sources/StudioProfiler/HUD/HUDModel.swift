import StudioKit

/// What the profiling HUD shows, kept from frame to frame: the last 300 frame times, fps,
/// smoothed phase and layer costs, the latest counters and the costliest widgets.
/// Fixed storage: recording a frame does not allocate.
package struct HUDModel: Sendable {
    package static let historyLength = 300
    /// Busy frame times (seconds), oldest first once `history` is full.
    package private(set) var history = [Double](repeating: 0, count: HUDModel.historyLength)
    private var totals = [Double](repeating: 0, count: 60)
    private var next = 0
    package private(set) var recorded = 0
    /// Smoothed seconds per phase (exponential average over ~20 frames).
    package private(set) var phases = [Double](repeating: 0, count: FramePhase.allCases.count)
    /// Smoothed seconds per layer, bottom to top.
    package private(set) var layers = [Double](repeating: 0, count: LayerKind.allCases.count)
    package var counters = FrameCounters()
    package var topWidgets: [WidgetCost] = []
    /// The costliest widget of each frame in `history` (name and seconds), when measured.
    private var costliest = [(name: String, seconds: Double)?](repeating: nil, count: HUDModel.historyLength)

    package init() {}

    package mutating func record(_ t: FrameTiming) {
        history[next % Self.historyLength] = t.busy
        costliest[next % Self.historyLength] = nil
        totals[next % totals.count] = t.total
        next += 1
        recorded += 1
        let a = recorded == 1 ? 1.0 : 0.05
        for p in FramePhase.allCases { phases[p.rawValue] += a * (t[p] - phases[p.rawValue]) }
        for (i, k) in LayerKind.allCases.enumerated() { layers[i] += a * (t.drawTime(of: k) - layers[i]) }
        counters.drawCommands = t.drawItems
        counters.eventsDelivered = t.eventsDelivered
    }

    /// The frame times in order, oldest first (only those recorded).
    package var orderedHistory: [Double] {
        let n = min(recorded, Self.historyLength)
        let start = recorded > Self.historyLength ? next % Self.historyLength : 0
        return (0..<n).map { history[(start + $0) % Self.historyLength] }
    }

    /// Frames per second over the last (up to) 60 frames, pacing included.
    package var fps: Double {
        let n = min(recorded, totals.count)
        guard n > 0 else { return 0 }
        let sum = totals.prefix(n).reduce(0, +)
        return sum > 0 ? Double(n) / sum : 0
    }

    /// Notes the costliest widget of the frame recorded last.
    package mutating func setCostliestOfLatest(_ widget: (name: String, seconds: Double)?) {
        guard recorded > 0 else { return }
        costliest[(next - 1) % Self.historyLength] = widget
    }

    /// The slowest of the last 300 frames: its busy time and the widget that cost it the
    /// most, when that was measured.
    package var slowest: (busy: Double, widget: (name: String, seconds: Double)?)? {
        let n = min(recorded, Self.historyLength)
        guard n > 0, let i = (0..<n).max(by: { history[$0] < history[$1] }) else { return nil }
        return (history[i], costliest[i])
    }

    /// Frames over 16.7 ms among the last 300.
    package var slowFrames: Int { orderedHistory.filter { $0 > LatencyHistogram.frameBudget }.count }
}
