import Foundation
import Histogram

/// Frame-time percentiles: durations recorded in nanoseconds into an HdrHistogram (three
/// significant digits, so a percentile is within 0.1% of the true value), plus exact counts
/// of the durations over the 16.7 ms and 33 ms budgets.
public struct LatencyHistogram: Sendable {
    /// One frame at 60 fps.
    package static let frameBudget = 1.0 / 60
    /// Two frames: a visible stutter.
    package static let stutterLimit = 0.033

    private var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000_000,
        numberOfSignificantValueDigits: .three)
    public private(set) var count = 0
    package private(set) var overBudget = 0
    package private(set) var overStutter = 0
    private var sum = 0.0
    private var largest = 0.0

    public init() {}

    /// Records one duration in seconds (negative values count as 0).
    public mutating func record(seconds: Double) {
        let s = Swift.max(0, seconds)
        _ = histogram.record(UInt64(clamping: (s * 1e9).rounded()))
        count += 1
        sum += s
        largest = Swift.max(largest, s)
        if s > Self.frameBudget { overBudget += 1 }
        if s > Self.stutterLimit { overStutter += 1 }
    }

    /// Adds every duration `other` recorded.
    public mutating func add(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
        count += other.count
        overBudget += other.overBudget
        overStutter += other.overStutter
        sum += other.sum
        largest = Swift.max(largest, other.largest)
    }

    /// The value at `percentile` (0...100), in seconds.
    package func value(atPercentile percentile: Double) -> Double {
        count == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1e9
    }

    /// HdrHistogram's percentile distribution (the `.hgrm` text its plotter and other tools
    /// read), values in milliseconds.
    package func percentileDistribution() -> String {
        var out = ""
        histogram.outputPercentileDistribution(to: &out, outputValueUnitScalingRatio: 1e6)
        return out
    }

    /// The latency at percentiles spaced evenly on HdrHistogram's plotting scale (ten
    /// points per "nine": 0%, 20.6%, ... 90%, ... 99%, ...), up to the point where one frame
    /// in the run is all that is left, then the maximum at 100%.
    package func percentileCurve(pointsPerNine: Int = 10) -> [PercentilePoint] {
        guard count > 0 else { return [] }
        var points: [PercentilePoint] = []
        let nines = log10(Double(count))
        var k = 0
        while Double(k) / Double(pointsPerNine) < nines {
            let percentile = 100 * (1 - pow(10, -Double(k) / Double(pointsPerNine)))
            points.append(PercentilePoint(percentile: percentile, seconds: value(atPercentile: percentile)))
            k += 1
        }
        points.append(PercentilePoint(percentile: 100, seconds: largest))
        return points
    }

    package var summary: LatencySummary {
        LatencySummary(
            count: count,
            p50: value(atPercentile: 50), p90: value(atPercentile: 90),
            p99: value(atPercentile: 99), max: largest,
            mean: count == 0 ? 0 : sum / Double(count),
            overBudget: overBudget, overStutter: overStutter)
    }
}

/// One point of a latency distribution: `seconds` at `percentile` (0...100).
public struct PercentilePoint: Codable, Hashable, Sendable {
    package var percentile: Double
    public var seconds: Double
}

/// Percentiles of a set of durations, in seconds; `percentOver*` are shares of all frames.
public struct LatencySummary: Codable, Hashable, Sendable {
    public var count: Int
    package var p50: Double
    package var p90: Double
    package var p99: Double
    public var max: Double
    package var mean: Double
    /// Durations over 16.7 ms.
    package var overBudget: Int
    /// Durations over 33 ms.
    package var overStutter: Int

    package var percentOverBudget: Double { count == 0 ? 0 : 100 * Double(overBudget) / Double(count) }
    package var percentOverStutter: Double { count == 0 ? 0 : 100 * Double(overStutter) / Double(count) }
}
