import Foundation

/// The process's resident memory from `/proc/self/status`: VmRSS (now) and VmHWM (peak).
/// Zero where the file does not exist (not Linux).
public struct ResidentMemory: Codable, Hashable, Sendable {
    /// Resident set size now, in bytes.
    public var residentBytes: Int
    /// The peak resident set size so far (high-water mark), in bytes.
    public var peakBytes: Int

    public init(residentBytes: Int, peakBytes: Int) {
        self.residentBytes = residentBytes
        self.peakBytes = peakBytes
    }

    /// Reads the current process's numbers.
    public static func current() -> ResidentMemory {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return ResidentMemory(residentBytes: 0, peakBytes: 0)
        }
        return parse(status: text)
    }

    /// Parses the text of a `/proc/<pid>/status` file (values in kB).
    public static func parse(status text: String) -> ResidentMemory {
        var rss = 0, hwm = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = kilobytes(line) * 1024 }
            if line.hasPrefix("VmHWM:") { hwm = kilobytes(line) * 1024 }
        }
        return ResidentMemory(residentBytes: rss, peakBytes: hwm)
    }

    private static func kilobytes(_ line: Substring) -> Int {
        Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}
