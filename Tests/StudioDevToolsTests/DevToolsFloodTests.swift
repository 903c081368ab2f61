import CommandFixtures
import Foundation
import Testing

// Nested in the DevTools suite, which runs its tests one at a time: each keeps a studio
// (and a browser) busy, and waits for it on a thread the other tests need.
extension DevToolsPageTests {
    /// DevTools with 10,000 events a second flowing: a scenario sends that many notes, and
    /// the page (headless Chromium, `Tests/Tools/devtools_flood.py`) stays live and answers at
    /// once, its log bounded, told how many entries it was not sent; the studio's memory stays
    /// flat meanwhile.
    @Suite("DevTools under a flood of events", .serialized)
    struct DevToolsFloodTests {
        @Test(
            "at 10,000 events a second the page keeps up, its log sampled and bounded, and memory stays flat",
            .timeLimit(.minutes(3)),
            TestPython.unlessRefused)
        func flood() throws {
            try DevToolsPageTests.requireChromedriver()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("devtools-flood-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // 10,000 notes a second for 20 simulated seconds: the online count, the same each
            // time, so that what floods is the events, not the room's drawing (which the
            // danmaku benches measure), and the machine's other tests keep their share. The
            // page is looked at from 3 s in, for about 4 s; the rest is room for a busy
            // machine, since a room that has ended reads as a page disconnected.
            let seconds = 20
            let scenario = folder.appendingPathComponent("flood.jsonl")
            let lines = (0..<(seconds * 10_000)).map { i in #"{"t": \#(Double(i) / 10_000), "online": 12345}"# }
            try lines.joined(separator: "\n").write(to: scenario, atomically: true, encoding: .utf8)
            // The browser starts before the room, and is given the page's address once the room is up.
            let address = folder.appendingPathComponent("address.txt")
            let script = BuiltStudio.repository.appendingPathComponent("Tests/Tools/devtools_flood.py")
            try TestPython.require(["selenium"])
            nonisolated(unsafe) var result: Result<ProcessResult, any Error>?
            let browsed = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                result = Result { try TestPython.run(script, [address.path], needs: ["selenium"]) }
                browsed.signal()
            }
            let session = try Session(frames: seconds * 60, extra: ["--scenario", scenario.path])
            let url = try #require(session.url)
            func resident() -> Int {
                let status = (try? String(contentsOfFile: "/proc/\(session.process.processIdentifier)/status", encoding: .utf8)) ?? ""
                let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
                return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            // Measured once the room's caches have filled to their budgets.
            Thread.sleep(forTimeInterval: 3)
            let before = resident()
            try url.absoluteString.write(to: address, atomically: true, encoding: .utf8)
            browsed.wait()
            let after = resident()
            let driven = try #require(result).get()
            try #require(driven.status == 0, "\(driven.stderr)")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(driven.stdout.utf8)) as? [String: Any])
            #expect(page["status"] as? String == "live")
            #expect((page["rows"] as? Int ?? 0) > 0 && (page["rows"] as? Int ?? 999) <= 500, "\(page)")
            #expect((page["info"] as? String ?? "").contains("passed over"), "the page says it was sent a sample: \(page)")
            #expect(page["answered"] as? Bool == true && (page["answer_ms"] as? Double ?? 9e9) < 1000, "\(page)")
            let frames = (page["frames"] as? [String] ?? []).compactMap { Int($0) }
            #expect(frames.count == 3 && frames[0] < frames[2], "the room runs on: \(frames)")
            let (_, events) = try DevToolsPageTests.fetch(try session.address("/events", token: true))
            #expect(events.contains("\"skipped\":") && !events.contains("\"skipped\":0"), "\(events.suffix(200))")
            #expect(after - before < 20_000, "resident memory grew \(after - before) kB while the flood ran (\(before) -> \(after))")
        }
    }
}
