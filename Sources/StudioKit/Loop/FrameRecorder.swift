import Foundation

/// Keeps the timings of the most recent frames in a ring buffer and summarizes them.
public final class FrameRecorder {
    package let capacity: Int
    private var ring: [FrameTiming] = []
    private var next = 0
    package private(set) var recordedCount = 0

    public init(capacity: Int = 4096) {
        self.capacity = capacity
        ring.reserveCapacity(capacity)
    }

    /// - Complexity: O(1), no allocation once the ring is full.
    public func record(_ timing: FrameTiming) {
        if ring.count < capacity {
            ring.append(timing)
        } else {
            ring[next] = timing
        }
        next = (next + 1) % capacity
        recordedCount += 1
    }

    /// Replaces the most recent timing (the pacing phase is known only after the frame).
    package func replaceLast(_ timing: FrameTiming) {
        guard !ring.isEmpty else { return }
        ring[(next - 1 + capacity) % capacity] = timing
    }

    /// The kept timings, oldest first.
    package var timings: [FrameTiming] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }

    /// The last `count` kept timings, oldest first, without copying the rest of the ring:
    /// what an overlay that reads the new frames a few times a second needs.
    package func latest(_ count: Int) -> [FrameTiming] {
        let n = min(max(count, 0), ring.count)
        guard ring.count == capacity else { return Array(ring.suffix(n)) }
        return (0..<n).map { ring[(next - n + $0 + capacity) % capacity] }
    }

    /// Percentiles of the kept frames' busy time (or of one phase), in seconds.
    package func summary(of phase: FramePhase? = nil) -> FrameSummary {
        FrameSummary(timings.map { timing in phase.map { timing[$0] } ?? timing.busy })
    }
}

/// Percentiles of a set of durations (nearest-rank).
package struct FrameSummary: Hashable, Sendable, CustomStringConvertible {
    package let count: Int
    package let p50: Double, p90: Double, p99: Double, max: Double, mean: Double

    package init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let i = Int(clamping: (p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, i))]
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = sorted.last ?? 0
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }

    package var description: String {
        func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
        return "\(count) frames: p50 \(ms(p50)), p90 \(ms(p90)), p99 \(ms(p99)), max \(ms(max)), mean \(ms(mean))"
    }
}
