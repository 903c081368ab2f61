import Foundation

/// `studio serve` running in a process of its own, for tests of live-protocol clients: it is
/// started with a feed file and its options, and its address is read from the line it prints
/// once it listens. (A server in the test's own process shares the test runner's few threads
/// with every other test, and can be starved of them.)
package final class ServeProcess {
    package let process = Process()
    private let out = Pipe()
    private let errors: URL
    /// The address clients connect to: ws://127.0.0.1:PORT/sub.
    package private(set) var address = ""

    /// Starts `studio serve ARGUMENTS` from `studio` and waits for the address it prints.
    /// - Throws: `ServeProcess.Failure` when it printed none (with what it said on standard
    ///   error).
    package init(studio: URL, _ arguments: [String]) throws {
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        guard FileManager.default.isExecutableFile(atPath: studio.path) else {
            throw Failure("no studio at \(studio.path): run `swift build` first (make test does)")
        }
        process.executableURL = studio
        process.arguments = ["serve"] + arguments
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            first += chunk
        }
        let line = String(decoding: first, as: UTF8.self)
        guard let found = line.firstMatch(of: /ws:\/\/\S+/) else {
            throw Failure("studio serve printed no address: \(line) \(stderr)")
        }
        address = String(found.output)
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: errors)
    }

    /// The address as a URL.
    package var url: URL { URL(string: address)! }

    /// What it wrote on standard error so far.
    package var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Stops it, as Ctrl-C does, and returns what it printed after its address (what it
    /// sent).
    @discardableResult
    package func stop() -> String {
        if process.isRunning { process.interrupt() }
        return finish().output
    }

    /// Waits for it to end by itself (`--seconds`): its status, and what it printed after its
    /// address.
    package func finish() -> (status: Int32, output: String) {
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
    }

    public struct Failure: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
