import Foundation

/// The machine a bench ran on, as reports carry it: timings mean little without it.
public struct BenchMachine: Codable, Hashable, Sendable {
    /// Cores the process may use.
    package var cores: Int
    /// The processor's model name (`/proc/cpuinfo`), or "unknown".
    package var model: String
    /// The 1-, 5- and 15-minute load averages when measuring began and when it ended
    /// (`/proc/loadavg`; empty where there is none).
    package var loadAtStart: [Double]
    package var loadAtEnd: [Double]

    public init(cores: Int, model: String, loadAtStart: [Double], loadAtEnd: [Double]) {
        self.cores = cores
        self.model = model
        self.loadAtStart = loadAtStart
        self.loadAtEnd = loadAtEnd
    }

    /// This machine, with the load now as both start and end (`loadAtEnd` is set later).
    package static func current() -> BenchMachine {
        let load = loadAverage()
        return BenchMachine(
            cores: ProcessInfo.processInfo.activeProcessorCount, model: cpuModel(),
            loadAtStart: load, loadAtEnd: load)
    }

    /// The three load averages now, or empty.
    package static func loadAverage() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        else { return "unknown" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// "2 cores, AMD EPYC, load 0.52 -> 1.31".
    package var summary: String {
        func first(_ l: [Double]) -> String { l.first.map { String(format: "%.2f", $0) } ?? "?" }
        return "\(cores) cores, \(model), load \(first(loadAtStart)) -> \(first(loadAtEnd))"
    }
}
