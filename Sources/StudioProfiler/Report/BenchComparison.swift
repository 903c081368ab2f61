import Foundation

/// A bench run against a baseline report: each metric's change, flagged as a regression when
/// it grew by more than the threshold *and* by more than the noise measured in either run
/// (package-benchmark's thresholds gate CI the same way). All metrics are costs: lower is
/// better.
package struct BenchComparison: Sendable {
    package struct Row: Sendable {
        package var name: String
        package var baseline: Double
        package var current: Double
        /// (current - baseline) / baseline.
        package var change: Double
        /// The larger relative spread of the metric over either report's runs (0 for a
        /// single run: its noise is unknown).
        package var noise: Double
        package var regressed: Bool
    }

    package let rows: [Row]
    /// The relative growth beyond which a metric regresses (0.10: 10%).
    package let threshold: Double

    package var regressions: [Row] { rows.filter(\.regressed) }

    /// The metrics compared: busy time, the phases that do the work, and memory.
    package static func metrics(of r: BenchReport) -> [String: Double] {
        var m = [
            "busy p50 (ms)": r.frameTime.p50 * 1000, "busy p90 (ms)": r.frameTime.p90 * 1000,
            "busy p99 (ms)": r.frameTime.p99 * 1000,
            "peak resident (MB)": Double(r.memory.peakResidentBytes) / 1_048_576,
        ]
        // A phase that takes no measurable time (present, headless) has nothing to compare.
        for p in r.phases where ["update", "draw", "render", "present"].contains(p.name) && p.time.p50 >= 1e-6 {
            m["\(p.name) p50 (ms)"] = p.time.p50 * 1000
            m["\(p.name) p99 (ms)"] = p.time.p99 * 1000
        }
        return m
    }

    /// Each metric's median over the report's runs (or its one run) and its relative spread.
    package static func medians(of r: BenchReport) -> [String: (value: Double, noise: Double)] {
        let runs = r.runs ?? [metrics(of: r)]
        var out: [String: (Double, Double)] = [:]
        for name in Set(runs.flatMap(\.keys)) {
            let values = runs.compactMap { $0[name] }.sorted()
            guard !values.isEmpty else { continue }
            let median =
                values.count % 2 == 1
                ? values[values.count / 2]
                : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
            let spread = values.count > 1 && median > 0 ? (values.last! - values.first!) / median : 0
            out[name] = (median, spread)
        }
        return out
    }

    /// Compares `current` with `baseline`.
    /// - Throws: `BaselineMismatch` when the baseline is of another report format or ran
    ///   another scene, kind, mode or renderer setting, naming what differs.
    package init(baseline: BenchReport, current: BenchReport, threshold: Double) throws {
        try Self.check(baseline, against: current.configuration)
        self.threshold = threshold
        let old = Self.medians(of: baseline), new = Self.medians(of: current)
        rows = old.keys.sorted().compactMap { name in
            guard let a = old[name], let b = new[name], a.value > 0 else { return nil }
            let change = (b.value - a.value) / a.value
            let noise = max(a.noise, b.noise)
            return Row(
                name: name, baseline: a.value, current: b.value, change: change, noise: noise,
                regressed: change > threshold && change > noise && b.value - a.value > Self.floor(of: name))
        }
    }

    /// The least growth that counts, whatever the percentage: 20 us for a time (below that,
    /// timer and scheduler jitter), 1 MB for memory.
    static func floor(of metric: String) -> Double { metric.hasSuffix("(MB)") ? 1 : 0.02 }

    /// Checks that `baseline` can be compared with a run of `configuration` (a bench's
    /// settings, as its report records them): the same report format, and the same scene,
    /// kind, mode and knobs that change what is measured.
    /// - Throws: `BaselineMismatch` naming what differs.
    package static func check(_ baseline: BenchReport, against configuration: [String: String]) throws {
        let format = baseline.format ?? 1
        guard format == BenchReport.currentFormat else {
            throw BaselineMismatch(
                "the baseline is a report of format \(format), this studio writes format "
                    + "\(BenchReport.currentFormat): record a new baseline with this version")
        }
        let keys = [
            "scene", "kind", "mode", "paced", "room", "scenario", "danmaku", "surfaceBudget", "software", "drawsBehind",
            "commentsPerSecond", "heartsPerSecond", "giftsPerSecond", "widgetsMultiplier", "feedFile",
        ]
        let differ = keys.filter { baseline.configuration[$0] != configuration[$0] }.map {
            "\($0) \(baseline.configuration[$0] ?? "unset") in the baseline, \(configuration[$0] ?? "unset") now"
        }
        guard differ.isEmpty else {
            throw BaselineMismatch(
                "the baseline ran another setup (\(differ.joined(separator: "; "))): "
                    + "compare runs of the same scene and settings")
        }
    }

    /// The comparison as a table, one metric a line, and a verdict line.
    package func table(baselineName: String) -> String {
        var out = ["against \(baselineName) (regression: more than \(Self.percent(threshold)) worse and beyond the noise)"]
        func cell(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
        out.append(
            "metric".padding(toLength: 22, withPad: " ", startingAt: 0) + cell("baseline", 10) + cell("now", 10)
                + cell("change", 9) + cell("noise", 8))
        for r in rows {
            let mark = r.regressed ? "  REGRESSED" : (r.change < -threshold && -r.change > r.noise ? "  improved" : "")
            out.append(
                r.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + cell(String(format: "%.3f", r.baseline), 10) + cell(String(format: "%.3f", r.current), 10)
                    + cell(Self.signedPercent(r.change), 9) + cell(Self.percent(r.noise), 8) + mark)
        }
        out.append(
            regressions.isEmpty
                ? "no regression"
                : "\(regressions.count) regression(s): "
                    + regressions.map(\.name).joined(separator: ", "))
        return out.joined(separator: "\n")
    }

    static func percent(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }
    static func signedPercent(_ v: Double) -> String { String(format: "%+.1f%%", v * 100) }
}

/// A baseline that cannot be compared with this run, said in full.
package struct BaselineMismatch: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
