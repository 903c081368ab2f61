import CommandFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioFuzz

/// The DevTools connections kind: its framing and answers read back here, and its seeded pass
/// and recorded seeds run by `studio-fuzz` itself, whose server then has a process to itself
/// (in this one it would share the concurrency pool with tests that block their threads).
@Suite("DevTools connections fuzzed against a real server")
struct DevToolsFuzzTests {
    static let fuzzer = BuiltStudio.binary.deletingLastPathComponent().appendingPathComponent("studio-fuzz")
    static let recorded = BuiltStudio.repository.appendingPathComponent("Tests/Fixtures/DevTools")

    static func run(_ arguments: [String]) throws -> ProcessResult {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("studio-fuzz-devtools-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        return try StudioProcess.run(
            arguments + ["--assets", BuiltStudio.assets, "--out", out.path, "--no-render"], executable: fuzzer)
    }

    @Test("a seeded pass of DevTools connections finds nothing, and some get past the gate to a handler", .timeLimit(.minutes(3)))
    func seededPass() throws {
        let result = try Self.run(["--kinds", "devtools", "--seed", "20261207", "--iterations", "60"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("devtools ") }, "\(result.stdout)")
        let numbers = row.split(separator: " ").dropFirst().compactMap { Double($0) }
        // inputs, accepted, rejected, ran, crashes, hangs, false-ok, bad-msg, ...
        #expect(numbers.count >= 8 && numbers[0] == 60, "\(row)")
        #expect(numbers.count >= 8 && numbers[1] > 0 && numbers[2] > 0 && numbers[3] > 0, "\(row)")
        #expect(numbers.count >= 8 && numbers[4...7].allSatisfy { $0 == 0 }, "\(row)")
    }

    @Test("every saved DevTools regression input replays without a finding", .timeLimit(.minutes(2)))
    func regressions() throws {
        let folder = BuiltStudio.repository.appendingPathComponent("Tests/StudioFuzzTests/FuzzRegressions")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "devtools" }
        #expect(!files.isEmpty)
        let result = try Self.run(["--kinds", "devtools"] + files.flatMap { ["--replay", $0.path] })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == files.count, "\(result.stdout)")
    }

    @Test(
        "the connections recorded from Chromium and urllib are accepted as they are: the oracles do not cry wolf", .timeLimit(.minutes(2)))
    func recordedSeedsAreAccepted() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.recorded.path).filter { $0.hasSuffix(".devtools") }.sorted()
        #expect(names.count >= 4, "\(names)")
        #expect(names.contains { $0.contains("websocket") } && names.contains { $0.contains("post-command") }, "\(names)")
        let result = try Self.run(["--kinds", "devtools"] + names.flatMap { ["--replay", Self.recorded.appendingPathComponent($0).path] })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let verdicts = result.stdout.split(separator: "\n")
        #expect(verdicts.count == names.count, "\(result.stdout)")
        for line in verdicts { #expect(line.hasSuffix(": accepted"), "\(line)") }
    }

    @Test("a connection's WebSocket frames are split, unmasked and masked again, and its placeholders filled")
    func framing() throws {
        let upgrade = Array("GET /ws?token=@TOKEN@ HTTP/1.1\r\nHost: 127.0.0.1:@PORT@\r\nUpgrade: websocket\r\n\r\n".utf8)
        let big = [UInt8](repeating: 0x41, count: 70_000)
        let frames = [DevToolsTraffic.frame(opcode: 0x1, Array(#"{"ack":1}"#.utf8)), DevToolsTraffic.frame(opcode: 0x2, big)]
        let traffic = DevToolsTraffic(upgrade + frames.joined())
        #expect(traffic.http == upgrade)
        #expect(traffic.frames == frames)
        let first = try #require(DevToolsTraffic.payload(of: frames[0]))
        #expect(first.opcode == 0x1 && first.fin && first.payload == Array(#"{"ack":1}"#.utf8))
        #expect(DevToolsTraffic.payload(of: frames[1])?.payload == big)
        #expect(DevToolsTraffic.payload(of: Array(frames[1].dropLast())) == nil, "a frame cut short")
        let filled = String(decoding: DevToolsTraffic(upgrade).filled(token: "abc", port: 4321), as: UTF8.self)
        #expect(filled.hasPrefix("GET /ws?token=abc HTTP/1.1\r\nHost: 127.0.0.1:4321\r\n"))
    }

    @Test("answers are read back one by one: a body by its length, a HEAD's without one, and the frames after a 101")
    func answers() {
        let text = "HTTP/1.1 403 Forbidden\r\nContent-Length: 5\r\n\r\nno!\r\nHTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\nx\n"
        let read = DevToolsAnswers(Array(text.utf8))
        #expect(read.responses.map(\.status) == [403, 404])
        #expect(read.responses.map { String(decoding: $0.body, as: UTF8.self) } == ["no!\r\n", "x\n"])
        #expect(DevToolsAnswers(Array("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n".utf8), head: true).responses.map(\.body) == [[]])
        let upgraded = Array("HTTP/1.1 101 Switching Protocols\r\n\r\n".utf8) + [0x81, 0x02, 0x7B, 0x7D, 0x88, 0x02, 0x03, 0xE8]
        let ws = DevToolsAnswers(upgraded)
        #expect(ws.responses.map(\.status) == [101])
        #expect(ws.frames.map(\.opcode) == [0x1, 0x8] && ws.frames[0].payload == Array("{}".utf8))
    }

    @Test("mutated connections keep the placeholders they fill, differ from their seeds, and stay whole frames after an upgrade")
    func mutations() throws {
        let seeds = try Corpus.devtools(assets: URL(fileURLWithPath: BuiltStudio.assets))
        #expect(seeds.contains { $0.name == "written-websocket" } && seeds.count >= 7, "\(seeds.map(\.name))")
        let mutator = DevToolsMutator(json: Mutator())
        var rng = SeededRandom(seed: 5)
        var changed = 0
        for i in 0..<300 {
            let seed = seeds[i % seeds.count].bytes
            let mutated = mutator.mutate(seed, &rng)
            if mutated != seed { changed += 1 }
        }
        #expect(changed > 270, "\(changed) of 300 changed")
    }
}
