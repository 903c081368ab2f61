import Foundation
import Testing

/// What a run of a program printed and how it exited.
package struct ProcessResult {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs the built `studio` (or another program) as a user would and collects its output.
package enum StudioProcess {
    /// Runs `executable` (the studio binary unless given) with `arguments` and this
    /// process's environment less the variables named in `unset`, and waits for it.
    /// `set` adds variables; `directory` is the working directory (this process's otherwise).
    package static func run(
        _ arguments: [String], executable: URL = BuiltStudio.binary,
        unset: [String] = [], set: [String: String] = [:], directory: URL? = nil
    ) throws -> ProcessResult {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "no executable at \(executable.path): run `swift build` first (make test does)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !unset.contains($0.key) }
            .merging(set) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting, so that a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
