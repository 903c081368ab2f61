import Foundation
import StudioTesting
import Testing

@testable import StudioLive

/// `studio serve --slow`: a slow link to each client, with a bandwidth and a delay, whose
/// backlog fills the client's queue, read by LiveStudio's own client.
@Suite("studio serve's slow link", .serialized)
struct SlowLinkTests {
    /// The records a client reads in `seconds` from its connection, and when the first
    /// arrived, from `studio serve` of the demo recording at 100 times its speed, looping.
    static func read(_ slow: [String], seconds: Double) throws -> (records: Int, first: Double?, summary: String) {
        let (server, url) = try LiveClientTests.serve(["--speed", "100", "--loop"] + slow)
        // From the connection on: the authentication's answer crosses the link too.
        let start = Date()
        let client = try LiveClient(url: url, roomID: 1)
        var first: Double?
        var records = 0
        let end = start.addingTimeInterval(seconds)
        while Date() < end {
            for message in try client.read(until: end) {
                guard case .record = message else { continue }
                if first == nil { first = Date().timeIntervalSince(start) }
                records += 1
            }
        }
        return (records, first, server.stop())
    }

    @Test(
        "a link of 4 KB a second and 0.5 s carries a fraction of what a plain one does, half a second late, and the queue drops the rest",
        .timeLimit(.minutes(2)))
    func slowLinkFillsTheQueue() throws {
        let plain = try Self.read([], seconds: 6)
        let slow = try Self.read(["--slow", "4k", "--slow-delay", "0.5"], seconds: 6)
        #expect(plain.records > 1_000, "\(plain)")
        #expect(slow.records > 0 && slow.records * 4 < plain.records, "slow \(slow.records), plain \(plain.records)")
        #expect((slow.first ?? 0) >= 0.5, "the first record crossed a 0.5 s link in \(slow.first ?? -1) s")
        let dropped = slow.summary.firstMatch(of: /(\d+) by a full queue/).flatMap { Int($0.1) } ?? 0
        #expect(dropped > 0, "the link's backlog fills the queue: \(slow.summary)")
        #expect(plain.summary.contains(" 0 by a full queue"), "\(plain.summary)")
    }

    @Test("--slow names itself when it is not a bandwidth, and --slow-delay goes with it")
    func options() throws {
        for (arguments, words) in [
            (["--slow", "fast"], "--slow 'fast' is not a bandwidth"), (["--slow", "10"], "--slow '10' is not a bandwidth"),
            (["--slow-delay", "1"], "--slow-delay goes with --slow"), (["--slow", "8k", "--slow-delay", "-1"], "--slow-delay"),
        ] {
            let process = Process()
            let errors = Pipe()
            process.executableURL = LiveClientTests.studio
            process.arguments = ["serve", "--feed-file", LiveClientTests.recording.path] + arguments
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus != 0 && text.contains(words), "\(arguments): \(text)")
        }
    }
}
