import StudioKit

/// Accumulates frames for a report: HdrHistograms of the busy frame time, of every phase
/// and of every layer's draw time; counter totals and peaks; a bucketed timeline; and, when
/// asked (for a trace), the samples themselves. O(1) per frame apart from the kept samples.
///
/// Only frames that advanced the simulation (ran a fixed step) go into those: a frame that
/// came before a step was due changed nothing and costs next to nothing, so counting it
/// would make the percentiles describe frames that did no work. Such idle frames have a
/// histogram of their own (`idle`). So do the frames that timed every widget and draw item
/// for the cost table (`profiled`): their clock readings are the profiler's work, which a
/// room without it, and the peers, do not do. The timeline, a chart over simulated time,
/// has every frame that stepped.
public struct FrameStatistics: Sendable {
    /// Busy time of the frames that advanced the simulation.
    public private(set) var frame = LatencyHistogram()
    /// Busy time of the frames that ran no step.
    package private(set) var idle = LatencyHistogram()
    /// Busy time of the frames that advanced and timed each widget and draw item.
    package private(set) var profiled = LatencyHistogram()
    /// One histogram made per phase and per layer, not `Array(repeating:count:)`: copies
    /// of one histogram share its counts (about 270 KB) until written, so the first
    /// recorded frame would copy them eleven times, 3 MB that a bench then reported as the
    /// studio's memory growth. Made here, they are all resident before
    /// the warm-up ends.
    package private(set) var phases = FramePhase.allCases.map { _ in LatencyHistogram() }
    public private(set) var layers = LayerKind.allCases.map { _ in LatencyHistogram() }
    package private(set) var counterTotals = FrameCounters()
    package private(set) var counterPeaks = FrameCounters()
    package private(set) var samples: [FrameSample] = []
    /// Busy time and resident memory over the run, bucketed (the report page's charts).
    package private(set) var timeline: FrameTimeline
    package let keepsSamples: Bool

    public init(keepSamples: Bool = false, secondsPerFrame: Double = 1.0 / 60) {
        keepsSamples = keepSamples
        timeline = FrameTimeline(secondsPerFrame: secondsPerFrame)
    }

    /// Frames that advanced the simulation without the profiler's timing: the percentiles'.
    public var count: Int { frame.count }
    /// Every frame recorded, idle and profiled ones included.
    public var measured: Int { frame.count + idle.count + profiled.count }

    /// Counts `sample`; `profiled` when its frame timed each widget and draw item.
    public mutating func record(_ sample: FrameSample, profiled isProfiled: Bool = false) {
        let t = sample.timing
        if keepsSamples { samples.append(sample) }
        guard t.steps > 0 else {
            idle.record(seconds: t.busy)
            return
        }
        // The timeline is the run over simulated time: a profiled frame has its place in it,
        // as every frame that stepped does.
        timeline.record(busy: t.busy, residentBytes: sample.counters.residentBytes)
        if isProfiled {
            profiled.record(seconds: t.busy)
            return
        }
        frame.record(seconds: t.busy)
        for p in FramePhase.allCases { phases[p.rawValue].record(seconds: t[p]) }
        for (i, k) in LayerKind.allCases.enumerated() { layers[i].record(seconds: t.drawTime(of: k)) }
        let c = sample.counters
        for field in FrameCounters.fields {
            let value = c[keyPath: field.path]
            // A level's sum means nothing, so its total stays 0.
            if field.kind == .perFrame { counterTotals[keyPath: field.path] += value }
            counterPeaks[keyPath: field.path] = max(counterPeaks[keyPath: field.path], value)
        }
    }

    package func summary(of phase: FramePhase) -> LatencySummary { phases[phase.rawValue].summary }

    package func summary(of layer: LayerKind) -> LatencySummary {
        layers[LayerKind.allCases.firstIndex(of: layer)!].summary
    }
}
