import Foundation

/// Counts for one kind of input.
package struct KindStats: Equatable, Sendable {
    package var inputs = 0
    package var accepted = 0
    package var rejected = 0
    /// Inputs that got past reading: a studio played, a command run, an image decoded.
    package var ran = 0
    package var findings: [FindingKind: Int] = [:]
    package var slowestMs = 0.0
    package var slowestIteration = -1
    package var totalMs = 0.0

    package init() {}

    package var findingCount: Int { findings.values.reduce(0, +) }

    package mutating func add(_ other: KindStats) {
        inputs += other.inputs
        accepted += other.accepted
        rejected += other.rejected
        ran += other.ran
        for (k, n) in other.findings { findings[k, default: 0] += n }
        if other.slowestMs > slowestMs {
            slowestMs = other.slowestMs
            slowestIteration = other.slowestIteration
        }
        totalMs += other.totalMs
    }
}

/// The result of a pass: counts by kind, the findings, the time taken.
package struct FuzzReport: Sendable {
    package var seed: UInt64
    package var kinds: [FuzzKind]
    package var stats: [FuzzKind: KindStats] = [:]
    package var findings: [FuzzFinding] = []
    package var seconds = 0.0
    /// The first iteration of the pass and the one after the last run.
    package var start = 0
    package var end = 0

    package init(seed: UInt64, kinds: [FuzzKind], start: Int) {
        self.seed = seed
        self.kinds = kinds
        self.start = start
        end = start
    }

    package var inputs: Int { stats.values.map(\.inputs).reduce(0, +) }
    package func count(_ kind: FindingKind) -> Int { stats.values.map { $0.findings[kind] ?? 0 }.reduce(0, +) }

    package mutating func add(_ other: FuzzReport) {
        for (k, s) in other.stats { stats[k, default: KindStats()].add(s) }
        findings += other.findings
        end = max(end, other.end)
    }

    /// The summary table `studio-fuzz` prints.
    package var table: String {
        let columns = [
            "kind", "inputs", "accepted", "rejected", "ran", "crashes", "hangs", "false-ok", "bad-msg", "mean ms", "slowest ms", "at input",
        ]
        var rows: [[String]] = []
        var total = KindStats()
        for kind in kinds {
            let s = stats[kind] ?? KindStats()
            total.add(s)
            rows.append(row(kind.rawValue, s))
        }
        rows.append(row("total", total))
        let widths = columns.indices.map { c in max(columns[c].count, rows.map { $0[c].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, cell in
                c == 0
                    ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rate = seconds > 0 ? Double(inputs) / seconds : 0
        return ([line(columns)] + rows.map(line)).joined(separator: "\n")
            + "\nseed \(seed), inputs \(start)..<\(end), \(String(format: "%.1f", seconds)) s, \(String(format: "%.0f", rate)) inputs/s"
    }

    private func row(_ name: String, _ s: KindStats) -> [String] {
        [
            name, "\(s.inputs)", "\(s.accepted)", "\(s.rejected)", "\(s.ran)", "\(s.findings[.crash] ?? 0)", "\(s.findings[.hang] ?? 0)",
            "\(s.findings[.falseSuccess] ?? 0)", "\(s.findings[.badMessage] ?? 0)",
            String(format: "%.2f", s.inputs > 0 ? s.totalMs / Double(s.inputs) : 0), String(format: "%.1f", s.slowestMs),
            s.slowestIteration < 0 ? "-" : "\(s.slowestIteration)",
        ]
    }

    // MARK: Status text

    /// The counts as text, one kind a line, for the status file a supervisor reads after
    /// a crash (so the counts up to the crash are not lost).
    var statusLines: String {
        kinds.map { kind in
            let s = stats[kind] ?? KindStats()
            let f = FindingKind.allCases.map { "\(s.findings[$0] ?? 0)" }.joined(separator: " ")
            return
                "\(kind.rawValue) \(s.inputs) \(s.accepted) \(s.rejected) \(s.ran) \(f) \(s.slowestMs) \(s.slowestIteration) \(s.totalMs)"
        }.joined(separator: "\n")
    }

    /// Reads `statusLines` back.
    package static func parseStatus(_ text: String) -> [FuzzKind: KindStats] {
        var out: [FuzzKind: KindStats] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            let n = FindingKind.allCases.count
            guard f.count == 8 + n, let kind = FuzzKind(rawValue: f[0]) else { continue }
            var s = KindStats()
            s.inputs = Int(f[1]) ?? 0
            s.accepted = Int(f[2]) ?? 0
            s.rejected = Int(f[3]) ?? 0
            s.ran = Int(f[4]) ?? 0
            for (i, k) in FindingKind.allCases.enumerated() { if let c = Int(f[5 + i]), c > 0 { s.findings[k] = c } }
            s.slowestMs = Double(f[5 + n]) ?? 0
            s.slowestIteration = Int(f[6 + n]) ?? -1
            s.totalMs = Double(f[7 + n]) ?? 0
            out[kind] = s
        }
        return out
    }
}

/// An input that broke an oracle, saved with what happened.
package struct FuzzFinding: Sendable {
    package var finding: FindingKind
    package var kind: FuzzKind
    package var iteration: Int
    package var detail: String
    /// The saved input.
    package var file: String
}
