import CommandFixtures
import Foundation
import StudioFoundation
import Testing

/// A `--live` room is its server's: its live state, badge, online count and chat follow
/// what a server says, in whatever order it says it, and nothing else reaches it. Driven
/// as a user runs it: the built studio, headless and paced to real time, against a server
/// in another process, the room watched through its `--state-out` file.
@Suite("a live room is its server's", .serialized, TestPython.unlessRefused)
struct LiveRoomStateTests {
    /// A headless room fed by `address`, writing its state to `state`, until it is stopped.
    static func room(_ address: String, state: URL, log: URL) throws -> Process {
        let process = Process()
        process.executableURL = BuiltStudio.binary
        process.arguments = [
            "run", "--headless", "--frames", "7200", "--live", address, "--room-id", "1", "--state-out", state.path,
            "--assets", BuiltStudio.repository.appendingPathComponent("Assets").path,
        ]
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Ends `process` as Ctrl-C does and waits for it.
    static func stop(_ process: Process) async {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
    }

    /// Waits for `process` to end by itself, without holding a thread the other tests need
    /// (these tests spend most of their minute waiting on other processes).
    static func wait(_ process: Process) async {
        while process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    }

    static func state(_ file: URL) -> [String: Any]? {
        (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// A `DANMU_MSG` in the platform's shape.
    static func danmaku(_ text: String) -> [String: Any] {
        ["cmd": "DANMU_MSG", "info": [[0, 1, 25, 16_777_215, 1_700_000_000_000, 0, 0, "", 0], text, [42, "Sakura"]]]
    }

    static var live: [String: Any] { ["cmd": "LIVE", "live_time": 1_700_000_000] }
    static var preparing: [String: Any] { ["cmd": "PREPARING", "roomid": "1"] }
    static var cutOff: [String: Any] { ["cmd": "CUT_OFF", "msg": "违规", "roomid": 1] }

    @Test(
        "a scripted server's LIVE, PREPARING and CUT_OFF, doubled and interleaved with danmaku: the state, the badge and the chat follow each",
        .timeLimit(.minutes(4)))
    func scriptedStates() async throws {
        try TestPython.require(["aiohttp", "brotli"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-states-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFile = folder.appendingPathComponent("state.json"), addressFile = folder.appendingPathComponent("address")
        let null = NSNull()
        let script: [[String: Any]] = [
            // The room opens live, counting what the server's first heartbeat answer says.
            ["expect": ["liveState": "live", "online": 1_000, "badge": null], "seconds": 30],
            ["send": Self.danmaku("one")], ["expect": ["lastComment": "one"]],
            ["send": Self.preparing], ["expect": ["liveState": "ended", "badge": "Ended"]],
            // A second end changes nothing, and the ended stream's danmaku reach no one.
            ["send": [Self.preparing, Self.danmaku("lost while ended")]],
            ["hold": ["liveState": "ended", "lastComment": "one", "badge": "Ended"], "seconds": 1],
            // The next stream; a second LIVE does not start another.
            ["send": Self.live], ["expect": ["liveState": "live", "badge": null]],
            ["send": [Self.live, Self.danmaku("two")]], ["expect": ["liveState": "live", "lastComment": "two"]],
            // Within one batch: what came before the platform's cut is heard, what after not.
            ["send": [Self.danmaku("three"), Self.cutOff, Self.danmaku("lost after the cut")]],
            ["expect": ["liveState": "ended", "lastComment": "three", "badge": "Ended"]],
            ["hold": ["lastComment": "three"], "seconds": 1],
            // LIVE, end and LIVE again in one batch leave the room live, hearing what follows.
            ["send": [Self.live, Self.preparing, Self.live, Self.danmaku("four")]],
            ["expect": ["liveState": "live", "lastComment": "four", "badge": null]],
            ["send": Self.preparing], ["expect": ["liveState": "ended", "badge": "Ended"]],
        ]
        let scriptFile = folder.appendingPathComponent("script.json")
        try JSONSerialization.data(withJSONObject: script).write(to: scriptFile)

        let server = Process()
        let outputFile = folder.appendingPathComponent("server.out")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        server.executableURL = TestPython.executable
        server.arguments = [
            BuiltStudio.repository.appendingPathComponent("Tests/Tools/scripted_live_server.py").path, scriptFile.path,
            stateFile.path, addressFile.path,
        ]
        server.standardOutput = try FileHandle(forWritingTo: outputFile)
        try server.run()
        defer { if server.isRunning { server.terminate() } }
        // Python may take seconds to start on a loaded machine.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: addressFile.path), server.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let address = try String(contentsOf: addressFile, encoding: .utf8)
        let log = folder.appendingPathComponent("room.log")
        let room = try Self.room(address, state: stateFile, log: log)
        await Self.wait(server)
        let said = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        await Self.stop(room)
        let roomLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(server.terminationStatus == 0, "the server's script:\n\(said)\nthe room:\n\(roomLog)")
        #expect(said.components(separatedBy: "\n").filter { $0.contains(" ok: ") }.count == script.count, "\(said)")
        #expect(roomLog.contains("0 malformed, 0 broken"), "\(roomLog)")
    }

    @Test(
        "studio serve --loop: after each pass the room goes live again, its chat goes on, and its badge never says ended while live",
        .timeLimit(.minutes(3)))
    func loopGoesLiveAgain() async throws {
        // The demo recording's 180 s at 30 times: a pass every 6 s.
        let server = try LiveServeTests.server(["--speed", "30", "--loop"])
        defer {
            // A looping server serves until it is stopped.
            server.process.terminate()
            _ = server.finish()
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFile = folder.appendingPathComponent("state.json"), log = folder.appendingPathComponent("room.log")
        let room = try Self.room(server.address, state: stateFile, log: log)
        defer { if room.isRunning { room.terminate() } }
        // Watch the room over three passes: the comments it shows, by the time they showed. A
        // thread of its own looks every 20 ms: a task of the test pool could be kept waiting
        // for seconds on a loaded run, and see only a sample.
        struct Watched: Sendable {
            var seen: [(seconds: Double, comment: String)] = []
            var last = "?", onScreen = 0
            var badgeWhileLive: String?
        }
        let watched = Locked(Watched())
        let done = Locked(false)
        Thread {
            let start = Date()
            while Date().timeIntervalSince(start) < 20 {
                if let s = Self.state(stateFile) {
                    let live = s["liveState"] as? String ?? "?"
                    watched.withLock { w in
                        w.last = live
                        w.onScreen = s["danmakuOnScreen"] as? Int ?? 0
                        if live == "live", let badge = s["badge"] as? String { w.badgeWhileLive = badge }
                        if let comment = s["lastComment"] as? String, comment != w.seen.last?.comment {
                            w.seen.append((Date().timeIntervalSince(start), comment))
                        }
                    }
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            done.withLock { $0 = true }
        }.start()
        while !done.value, room.isRunning { try await Task.sleep(for: .milliseconds(200)) }
        let (seen, last, onScreen, badgeWhileLive) = watched.withLock { ($0.seen, $0.last, $0.onScreen, $0.badgeWhileLive) }
        await Self.stop(room)
        let roomLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        // The server ends each pass and starts the next at once: the room may show the end
        // for a frame, and is live again.
        #expect(last == "live")
        #expect(badgeWhileLive == nil, "\(badgeWhileLive ?? "")")
        // Comments keep arriving in the third pass, as in the first: the list's newest line
        // changes there, and the barrage has danmaku at the end.
        let late = seen.filter { $0.seconds > 14 }
        #expect(late.count >= 5, "comments after 14 s: \(late.count) of \(seen.count); the room:\n\(roomLog)")
        #expect(onScreen > 0, "danmaku on screen at the end: \(onScreen)")
        #expect(roomLog.contains("0 malformed, 0 broken"), "\(roomLog)")
    }
}
