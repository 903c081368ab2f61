import StudioKit

/// Accumulates frames for a report: HdrHistograms of the busy frame time, of every phase
/// and of every layer's draw time; counter totals and peaks; and, when asked (for a trace),
/// the samples themselves. O(1) per frame apart from the kept samples.
public struct FrameStatistics: Sendable {
    public private(set) var frame = LatencyHistogram()
    /// One histogram made per phase and per layer, not `Array(repeating:count:)`: copies
    /// of one histogram share its counts (about 270 KB) until written, so the first
    /// recorded frame would copy them eleven times, 3 MB that a bench then reported as the
    /// studio's memory growth. Made here, they are all resident before
    /// the warm-up ends.
    public private(set) var phases = FramePhase.allCases.map { _ in LatencyHistogram() }
    public private(set) var layers = LayerKind.allCases.map { _ in LatencyHistogram() }
    public private(set) var counterTotals = FrameCounters()
    public private(set) var counterPeaks = FrameCounters()
    public private(set) var samples: [FrameSample] = []
    public let keepsSamples: Bool

    public init(keepSamples: Bool = false) { keepsSamples = keepSamples }

    public var count: Int { frame.count }

    public mutating func record(_ sample: FrameSample) {
        let t = sample.timing
        frame.record(seconds: t.busy)
        for p in FramePhase.allCases { phases[p.rawValue].record(seconds: t[p]) }
        for (i, k) in LayerKind.allCases.enumerated() { layers[i].record(seconds: t.drawTime(of: k)) }
        let c = sample.counters
        counterTotals.widgets += c.widgets
        counterTotals.drawCommands += c.drawCommands
        counterTotals.textCacheHits += c.textCacheHits
        counterTotals.textCacheMisses += c.textCacheMisses
        counterTotals.eventsDelivered += c.eventsDelivered
        counterTotals.danmakuOnScreen += c.danmakuOnScreen
        counterPeaks.widgets = max(counterPeaks.widgets, c.widgets)
        counterPeaks.drawCommands = max(counterPeaks.drawCommands, c.drawCommands)
        counterPeaks.textCacheHits = max(counterPeaks.textCacheHits, c.textCacheHits)
        counterPeaks.textCacheMisses = max(counterPeaks.textCacheMisses, c.textCacheMisses)
        counterPeaks.eventsDelivered = max(counterPeaks.eventsDelivered, c.eventsDelivered)
        counterPeaks.danmakuOnScreen = max(counterPeaks.danmakuOnScreen, c.danmakuOnScreen)
        // Running totals: the peak is the last value; the sum means nothing, so it stays 0.
        counterPeaks.danmakuBlocked = max(counterPeaks.danmakuBlocked, c.danmakuBlocked)
        counterPeaks.danmakuMerged = max(counterPeaks.danmakuMerged, c.danmakuMerged)
        counterPeaks.danmakuOverDensity = max(counterPeaks.danmakuOverDensity, c.danmakuOverDensity)
        if keepsSamples { samples.append(sample) }
    }

    public func summary(of phase: FramePhase) -> LatencySummary { phases[phase.rawValue].summary }

    public func summary(of layer: LayerKind) -> LatencySummary {
        layers[LayerKind.allCases.firstIndex(of: layer)!].summary
    }
}
