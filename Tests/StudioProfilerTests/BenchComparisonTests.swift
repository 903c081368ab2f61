import Foundation
import Testing

@testable import StudioProfiler

/// Baselines: what counts as a regression, and what cannot be compared.
@Suite struct BenchComparisonTests {
    /// A report of 100 frames of `phaseMs` per phase, with `runs` when given.
    func report(
        phaseMs: Double, configuration: [String: String] = ["scene": "room", "kind": "audience"],
        runs: [[String: Double]]? = nil
    ) -> BenchReport {
        var stats = FrameStatistics()
        for i in 0..<100 { stats.record(sample(index: i, start: Double(i) / 60, phaseMs: phaseMs)) }
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 80 << 20, peakBytes: 80 << 20),
            end: ResidentMemory(residentBytes: 80 << 20, peakBytes: 90 << 20))
        var r = BenchReport(
            configuration: configuration, statistics: stats, simulatedSeconds: 1, wallSeconds: 1,
            memory: memory, danmaku: nil, topWidgets: [], warnings: [])
        r.runs = runs
        return r
    }

    @Test("a metric 50% slower regresses; the same run does not; a faster one is an improvement")
    func regressions() throws {
        let base = report(phaseMs: 1)
        let same = try BenchComparison(baseline: base, current: report(phaseMs: 1), threshold: 0.1)
        #expect(same.regressions.isEmpty)
        let slower = try BenchComparison(baseline: base, current: report(phaseMs: 1.5), threshold: 0.1)
        #expect(slower.regressions.map(\.name).contains("busy p50 (ms)"))
        #expect(slower.regressions.map(\.name).contains("render p50 (ms)"))
        #expect(!slower.regressions.map(\.name).contains("peak resident (MB)"))
        let row = try #require(slower.rows.first { $0.name == "busy p50 (ms)" })
        #expect(abs(row.change - 0.5) < 0.02)
        #expect(slower.table(baselineName: "old.json").contains("REGRESSED"))
        let faster = try BenchComparison(baseline: base, current: report(phaseMs: 0.5), threshold: 0.1)
        #expect(faster.regressions.isEmpty)
        #expect(faster.table(baselineName: "old.json").contains("improved"))
    }

    @Test("a change within the noise of repeated runs is not a regression; the same change on a quiet machine is")
    func noise() throws {
        let noisy = [["busy p50 (ms)": 1.0], ["busy p50 (ms)": 1.4], ["busy p50 (ms)": 0.9]]
        let base = report(phaseMs: 1, runs: noisy)
        let current = report(phaseMs: 1, runs: [["busy p50 (ms)": 1.3], ["busy p50 (ms)": 1.3], ["busy p50 (ms)": 1.2]])
        let c = try BenchComparison(baseline: base, current: current, threshold: 0.1)
        let row = try #require(c.rows.first { $0.name == "busy p50 (ms)" })
        #expect(row.baseline == 1.0)  // the median of 0.9, 1.0, 1.4
        #expect(abs(row.noise - 0.5) < 1e-9)  // (1.4 - 0.9) / 1.0
        #expect(!row.regressed)
        let quiet = report(phaseMs: 1, runs: [["busy p50 (ms)": 1.0], ["busy p50 (ms)": 1.01], ["busy p50 (ms)": 0.99]])
        #expect(try BenchComparison(baseline: quiet, current: current, threshold: 0.1).regressions.count == 1)
    }

    @Test("a tiny time or memory growth is never a regression, whatever its percentage")
    func absoluteFloor() throws {
        let c = try BenchComparison(baseline: report(phaseMs: 0.001), current: report(phaseMs: 0.002), threshold: 0.1)
        #expect(c.regressions.isEmpty, "\(c.regressions.map(\.name))")
    }

    @Test("a baseline of another scene or kind, or of another report format, is refused, naming what differs")
    func mismatches() throws {
        let current = report(phaseMs: 1)
        let pk = report(phaseMs: 1, configuration: ["scene": "room", "kind": "pk"])
        #expect {
            try BenchComparison(baseline: pk, current: current, threshold: 0.1)
        } throws: { error in
            "\(error)".contains("kind pk in the baseline, audience now")
        }
        var old = report(phaseMs: 1)
        old.format = nil
        #expect {
            try BenchComparison(baseline: old, current: current, threshold: 0.1)
        } throws: { error in
            "\(error)".contains("format 1") && "\(error)".contains("format \(BenchReport.currentFormat)")
        }
    }

    @Test("a report records its machine and format, and an old report without them still decodes")
    func formatAndMachine() throws {
        var r = report(phaseMs: 1)
        r.machine = BenchMachine(cores: 2, model: "test cpu", loadAtStart: [0.5, 0.4, 0.3], loadAtEnd: [1.5, 1, 0.5])
        let decoded = try JSONDecoder().decode(BenchReport.self, from: r.jsonData())
        #expect(decoded.format == BenchReport.currentFormat)
        #expect(decoded.machine?.summary == "2 cores, test cpu, load 0.50 -> 1.50")
        var object = try #require(try JSONSerialization.jsonObject(with: r.jsonData()) as? [String: Any])
        object["format"] = nil
        object["machine"] = nil
        let old = try JSONDecoder().decode(BenchReport.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.format == nil && old.machine == nil)
        #expect(BenchMachine.current().cores >= 1)
    }
}
