import ArgumentParser
import Foundation
import Testing

@testable import StudioCLI

/// `studio run --state-out FILE`, headless and in-process: the file holds the session state
/// the run ended in, and a file that cannot be written fails the run.
@Suite("run --state-out writes the session state")
struct StateOutTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("state-out-\(UUID().uuidString)-\(name)").path
    }

    static func run(_ scenario: [String], frames: Int, stateOut: String) throws {
        let file = temporary("s.jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(scenario.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        try RunCommand.parse([
            "--headless", "--frames", "\(frames)", "--scenario", file, "--state-out", stateOut,
            "--assets", DumpSessionTests.assets,
        ]).run()
    }

    static func state(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.last == 0x0A && data.dropLast().firstIndex(of: 0x0A) == nil, "one line")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("after a tap and a swipe right the file says hearts 1, lite, and the room still open")
    func endState() throws {
        let out = Self.temporary("state.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Self.run(
            [#"{"t": 0.2, "tap": {"x": 540, "y": 820}}"#, #"{"t": 0.5, "swipe": {"axis": "horizontal", "direction": 1}}"#],
            frames: 60, stateOut: out)
        let s = try Self.state(out)
        #expect(s["heartsSent"] as? Int == 1)
        #expect(s["lite"] as? Bool == true)
        #expect(s["closed"] as? Bool == false)
        #expect((s["room"] as? [String: Any])?["id"] as? Int == 101)
    }

    @Test("Esc in the scenario ends the run early, and the file says the room was closed")
    func closed() throws {
        let out = Self.temporary("state.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Self.run([#"{"t": 0.2, "key": "escape"}"#], frames: 600, stateOut: out)
        #expect(try Self.state(out)["closed"] as? Bool == true)
    }

    @Test("a folder that does not exist is refused before the run, naming --state-out")
    func badPath() throws {
        #expect(throws: ExitCode(1)) {
            try Self.run([], frames: 5, stateOut: "/nonexistent-\(UUID().uuidString)/state.json")
        }
    }

    @Test(
        "a state file that cannot be written fails the run instead of exiting 0",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full does not exist on this system"))
    func writeFails() throws {
        #expect(throws: ExitCode(1)) { try Self.run([], frames: 5, stateOut: "/dev/full") }
    }
}
