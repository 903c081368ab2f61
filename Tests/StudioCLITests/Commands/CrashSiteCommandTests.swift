import CommandFixtures
import Foundation
import Testing

/// The numbers that once trapped `studio` (exit 132), each run through the real binary: every
/// one must now end in an error naming the file and line or the flag, with exit 1 or 64.
@Suite("studio refuses the numbers that once crashed it", .serialized)
struct CrashSiteCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-crash-sites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data((text + "\n").utf8).write(to: url)
        return url.path
    }

    func expectRefused(_ arguments: [String], status: Int32, mentions: [String]) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try StudioProcess.run(arguments)
        #expect(r.status == status, "exit \(r.status): \(r.stderr)")
        for text in mentions { #expect(r.stderr.contains(text), "\(r.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    var out: String { folder.appendingPathComponent("out.png").path }

    @Test("a scenario tap at y 1e21, headless and in a snapshot", .timeLimit(.minutes(3)))
    func hugeTap() throws {
        let scenario = try file("tap.jsonl", #"{"t": 0.1, "tap": {"x": 360, "y": 1e21}}"#)
        let r = try StudioProcess.run(["run", "--headless", "--frames", "10", "--scenario", scenario])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(scenario):1: tap.y: must be between 0 and 1280"), "\(r.stderr)")
        try expectRefused(
            ["snapshot", "--kind", "audience", "--scenario", scenario, "--out", out],
            status: 1, mentions: ["\(scenario):1: tap.y"])
    }

    @Test("a recorded pointer at y 1e21 replayed", .timeLimit(.minutes(3)))
    func hugeRecordedPointer() throws {
        let recording = try file("rec.jsonl", #"{"frame":1,"type":"pointer","phase":"down","id":0,"x":360,"y":1e21,"time":0.2}"#)
        try expectRefused(
            ["snapshot", "--kind", "audience", "--replay", recording, "--at", "1", "--out", out],
            status: 1, mentions: ["\(recording):1:", "\"y\" must be between"])
    }

    @Test("a price of 1e17 in the financial room", .timeLimit(.minutes(3)))
    func hugePrice() throws {
        let scenario = try file("price.jsonl", #"{"t": 0.1, "price": 1e17}"#)
        try expectRefused(
            ["snapshot", "--kind", "financial", "--scenario", scenario, "--out", out],
            status: 1, mentions: ["\(scenario):1: price: must be between 0 and 1000000000"])
    }

    @Test("a PK secondsLeft of 1e19", .timeLimit(.minutes(3)))
    func hugeCountdown() throws {
        let scenario = try file("pk.jsonl", #"{"t": 0.1, "pk": {"left": 1, "right": 2, "secondsLeft": 1e19}}"#)
        try expectRefused(
            ["snapshot", "--kind", "pk", "--scenario", scenario, "--out", out],
            status: 1, mentions: ["\(scenario):1: pk.secondsLeft: must be between 0 and 86400"])
    }

    @Test("snapshot --at-time inf, and -inf given as a separate argument", .timeLimit(.minutes(3)))
    func infiniteTime() throws {
        try expectRefused(
            ["snapshot", "--kind", "audience", "--at-time", "inf", "--out", out],
            status: 64, mentions: ["--at-time must be from 0 to 3600"])
        try expectRefused(
            ["snapshot", "--kind", "audience", "--at-time", "-inf", "--out", out],
            status: 64, mentions: ["--at-time must be from 0 to 3600", "(got -inf)"])
    }

    @Test("snapshot --replay F --at 9223372036854775807", .timeLimit(.minutes(3)))
    func hugeFrame() throws {
        let recording = try file("good.jsonl", #"{"frame":1,"type":"pointer","phase":"down","id":0,"x":360,"y":700,"time":0.2}"#)
        try expectRefused(
            ["snapshot", "--kind", "audience", "--replay", recording, "--at", "9223372036854775807", "--out", out],
            status: 64, mentions: ["--at must be from 0 to"])
    }

    @Test("a negative frame count names the flag and its range, not a missing value", .timeLimit(.minutes(3)))
    func negativeFrames() throws {
        try expectRefused(
            ["snapshot", "--kind", "audience", "--frames", "-5", "--out", out],
            status: 64, mentions: ["--frames must be from 1 to"])
    }
}
