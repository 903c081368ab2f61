import Foundation

/// The process's resident memory from `/proc/self/status`: VmRSS (now) and VmHWM (peak).
/// Zero where the file does not exist (not Linux).
public struct ResidentMemory: Codable, Hashable, Sendable {
    /// Resident set size now, in bytes.
    package var residentBytes: Int
    /// The peak resident set size so far (high-water mark), in bytes.
    package var peakBytes: Int

    public init(residentBytes: Int, peakBytes: Int) {
        self.residentBytes = residentBytes
        self.peakBytes = peakBytes
    }

    /// Reads the current process's numbers.
    package static func current() -> ResidentMemory {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return ResidentMemory(residentBytes: 0, peakBytes: 0)
        }
        return parse(status: text)
    }

    /// Sets the process's peak resident size (`VmHWM`) back to what is resident now, so that
    /// the peak read later is the peak of what ran in between. False when the kernel does
    /// not allow it (it needs Linux 4.0 and a writable `/proc/self/clear_refs`); the peak is
    /// then the process's since it started.
    @discardableResult
    package static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // "5" resets the peak only; "1" to "4" would clear the pages' referenced bits.
        return write(descriptor, "5", 1) == 1
    }

    /// Parses the text of a `/proc/<pid>/status` file (values in kB).
    package static func parse(status text: String) -> ResidentMemory {
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
