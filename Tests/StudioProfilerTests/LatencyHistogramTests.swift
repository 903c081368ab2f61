import Testing

@testable import StudioProfiler

@Suite struct LatencyHistogramTests {
    @Test func percentilesOfOneToHundredMilliseconds() {
        var h = LatencyHistogram()
        for ms in 1...100 { h.record(seconds: Double(ms) / 1000) }
        let s = h.summary
        #expect(s.count == 100)
        // Three significant digits: within 0.1%.
        #expect(abs(s.p50 - 0.050) <= 0.050 * 0.001 + 1e-9)
        #expect(abs(s.p90 - 0.090) <= 0.090 * 0.001 + 1e-9)
        #expect(abs(s.p99 - 0.099) <= 0.099 * 0.001 + 1e-9)
        #expect(s.max == 0.100)
        #expect(abs(s.mean - 0.0505) < 1e-9)
        // 17...100 ms are over 16.7 ms (84 frames); 34...100 over 33 ms (67).
        #expect(s.overBudget == 84)
        #expect(s.overStutter == 67)
        #expect(abs(s.percentOverBudget - 84) < 1e-9)
    }

    @Test func emptyHistogramIsZero() {
        let s = LatencyHistogram().summary
        #expect(s.count == 0 && s.p99 == 0 && s.max == 0 && s.percentOverBudget == 0)
    }

    @Test func constantValues() {
        var h = LatencyHistogram()
        for _ in 0..<1000 { h.record(seconds: 0.004) }
        #expect(abs(h.summary.p99 - 0.004) <= 0.004 * 0.001)
        #expect(h.summary.overBudget == 0)
    }

    @Test func residentMemoryParsesProcStatus() {
        let m = ResidentMemory.parse(status: "Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n")
        #expect(m.residentBytes == 1024 * 1024)
        #expect(m.peakBytes == 2048 * 1024)
    }
}
