import Testing

@testable import StudioKit

/// FrameSummary's nearest-rank percentiles and FrameRecorder's ring.
@Suite("Frame summary and recorder")
struct LoopFrameStatisticsTests {
    static func timing(_ index: Int, update: Double = 0, pace: Double = 0) -> FrameTiming {
        var t = FrameTiming(index: index)
        t[.update] = update
        t[.pace] = pace
        return t
    }

    @Test("the percentiles of 1 to 100 are 50, 90 and 99, whatever the input order")
    func percentilesOfOneToHundred() {
        var rng = SeededRandom(seed: 3)
        let summary = FrameSummary((1...100).map(Double.init).shuffled(using: &rng))
        #expect(summary.count == 100)
        #expect(summary.p50 == 50)
        #expect(summary.p90 == 90)
        #expect(summary.p99 == 99)
        #expect(summary.max == 100)
        #expect(summary.mean == 50.5)
    }

    @Test("the percentiles of five values take the nearest rank upward")
    func percentilesOfFive() {
        let summary = FrameSummary([5, 1, 4, 2, 3])
        #expect([summary.p50, summary.p90, summary.p99, summary.max] == [3, 5, 5, 5])
    }

    @Test("nearest-rank percentiles match an integer reference for every count from 1 to 300")
    func percentilesMatchAnIntegerReference() {
        var rng = SeededRandom(seed: 11)
        for n in 1...300 {
            let values = (0..<n).map { _ in rng.double(in: 0...0.05) }
            let sorted = values.sorted()
            // Nearest rank: the smallest value with at least p% of the values at or below it.
            func reference(_ percent: Int) -> Double { sorted[(percent * n + 99) / 100 - 1] }
            let summary = FrameSummary(values)
            #expect([summary.p50, summary.p90, summary.p99] == [reference(50), reference(90), reference(99)], "n \(n)")
        }
    }

    @Test("the summary of no frames is all zeros")
    func emptySummary() {
        let summary = FrameSummary([])
        #expect([summary.p50, summary.p90, summary.p99, summary.max, summary.mean] == [0, 0, 0, 0, 0])
        #expect(summary.count == 0)
    }

    @Test("the recorder keeps every timing in order until it is full")
    func ringBeforeFull() {
        let recorder = FrameRecorder(capacity: 4)
        for i in 0..<3 { recorder.record(Self.timing(i)) }
        #expect(recorder.timings.map(\.index) == [0, 1, 2])
    }

    @Test("the recorder keeps the last N timings, oldest first, for every count up to 3N")
    func ringKeepsTheLastN() {
        for count in 0...12 {
            let recorder = FrameRecorder(capacity: 4)
            for i in 0..<count { recorder.record(Self.timing(i)) }
            #expect(recorder.timings.map(\.index) == Array(max(0, count - 4)..<count), "count \(count)")
            #expect(recorder.recordedCount == count)
        }
    }

    @Test("latest(n) is the last n of the kept timings, before and after the ring wraps")
    func latestTimings() {
        for count in 0...12 {
            let recorder = FrameRecorder(capacity: 4)
            for i in 0..<count { recorder.record(Self.timing(i)) }
            for n in 0...6 {
                #expect(recorder.latest(n).map(\.index) == Array(recorder.timings.suffix(n).map(\.index)), "count \(count), n \(n)")
            }
        }
    }

    @Test("replaceLast replaces the most recent timing, also right after the ring wraps")
    func replaceLast() {
        for count in 1...9 {
            let recorder = FrameRecorder(capacity: 3)
            for i in 0..<count { recorder.record(Self.timing(i)) }
            recorder.replaceLast(Self.timing(100))
            let expected = Array(max(0, count - 3)..<count).dropLast() + [100]
            #expect(recorder.timings.map(\.index) == Array(expected), "count \(count)")
        }
    }

    @Test("replaceLast on an empty recorder does nothing")
    func replaceLastWhenEmpty() {
        let recorder = FrameRecorder(capacity: 3)
        recorder.replaceLast(Self.timing(1))
        #expect(recorder.timings.isEmpty)
    }

    @Test("the recorder summarizes busy time without pacing, or one phase when asked")
    func summaryOfBusyTimeOrPhase() {
        let recorder = FrameRecorder(capacity: 8)
        for i in 1...4 {
            var t = Self.timing(i, update: Double(i) / 1000, pace: 0.01)
            t[.draw] = 0.002
            recorder.record(t)
        }
        #expect(abs(recorder.summary().max - 0.006) < 1e-12)
        #expect(recorder.summary(of: .update).max == 0.004)
        #expect(recorder.summary(of: .pace).p50 == 0.01)
    }

    @Test("a frame's busy time sums every phase but pacing, and its total includes pacing")
    func busyAndTotal() {
        var t = FrameTiming(index: 0)
        for (i, phase) in FramePhase.allCases.enumerated() { t[phase] = Double(i + 1) }
        #expect(t.busy == 28)
        #expect(t.total == 36)
    }
}
