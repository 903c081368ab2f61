import ArgumentParser
import Foundation
import Testing

@testable import StudioCLI

/// `studio dump --scenario FILE --at-time T`, in-process: scripted input reaches the room and
/// the session state says what it did.
@Suite("dump plays a scenario and reports the session")
struct DumpSessionTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path

    /// The JSON `studio dump --json` prints after playing `lines` for `seconds`.
    static func dump(_ lines: [String], at seconds: Double = 2, _ extra: [String] = []) throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let command = try DumpCommand.parse(
            [
                "--scenario", file.path, "--at-time", "\(seconds)", "--json",
                "--assets", assets,
            ] + extra)
        let text = try command.output()
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func session(_ lines: [String], at seconds: Double = 2, _ extra: [String] = []) throws -> [String: Any] {
        try #require(try dump(lines, at: seconds, extra)["session"] as? [String: Any])
    }

    static func roomID(_ session: [String: Any]) -> Int? { (session["room"] as? [String: Any])?["id"] as? Int }

    @Test("with no input the audience room is first, live, portrait, normal, with no hearts")
    func idle() throws {
        let s = try Self.session([])
        #expect(Self.roomID(s) == 101)
        #expect((s["room"] as? [String: Any])?["kind"] as? String == "audience")
        #expect(s["position"] as? Int == 0)
        #expect(s["lite"] as? Bool == false)
        #expect(s["liveState"] as? String == "live")
        #expect(s["rotation"] as? String == "portrait")
        #expect(s["heartsSent"] as? Int == 0)
        #expect(s["paused"] == nil, "only a recording can be paused")
        #expect(s["coins"] as? Int == 1000, "the gift panel's starting coins")
        #expect(s["ownComments"] as? Int == 0)
        #expect(s["sheet"] == nil, "no sheet is open")
    }

    @Test("a drag to the right over the audience room turns lite mode on; one back to the left turns it off")
    func dragRightIsLite() throws {
        let right = #"{"t": 0.5, "drag": {"from": [200, 640], "to": [520, 640], "seconds": 0.3}}"#
        #expect(try Self.session([right])["lite"] as? Bool == true)
        let left = #"{"t": 1.2, "drag": {"from": [520, 640], "to": [200, 640], "seconds": 0.3}}"#
        #expect(try Self.session([right, left])["lite"] as? Bool == false)
    }

    @Test("a tap made of exact pointer lines sends hearts once")
    func tapIsHearts() throws {
        let s = try Self.session([#"{"t": 1, "pointer": {"down": [300, 520]}}"#, #"{"t": 1.05, "pointer": {"up": [300, 520]}}"#])
        #expect(s["heartsSent"] as? Int == 1)
    }

    @Test("a swipe up opens the next room; at the first room a swipe down bounces with a toast")
    func swipes() throws {
        let up = try Self.session([#"{"t": 0.5, "drag": {"from": [360, 900], "to": [360, 400], "seconds": 0.2}}"#])
        #expect(Self.roomID(up) == 102)
        #expect(up["position"] as? Int == 1)
        let down = try Self.session([#"{"t": 0.5, "drag": {"from": [360, 400], "to": [360, 900], "seconds": 0.2}}"#])
        #expect(Self.roomID(down) == 101)
        #expect(down["position"] as? Int == 0)
        #expect(down["toast"] as? String == "This is the first room")
    }

    @Test("coins, hearts and the viewer's name belong to the session: two rooms on and back, they are as they were")
    func viewerAcrossRooms() throws {
        // A heart in room 101, two top-ups in its gift panel (1,000 to 1,200), then two rooms
        // on and two back (the drags at the right edge, where the comment list is not), and a
        // heart in the room 101 made anew.
        let s = try Self.session(
            [
                #"{"t": 0.3, "tap": {"x": 540, "y": 820}}"#,
                #"{"t": 0.5, "tap": {"x": 584, "y": 1212}}"#,
                #"{"t": 1.5, "tap": {"x": 99, "y": 1220}}"#,
                #"{"t": 2.0, "tap": {"x": 99, "y": 1220}}"#,
                #"{"t": 2.5, "tap": {"x": 360, "y": 300}}"#,
                #"{"t": 3.0, "drag": {"from": [650, 900], "to": [650, 400], "seconds": 0.2}}"#,
                #"{"t": 4.5, "drag": {"from": [650, 900], "to": [650, 400], "seconds": 0.2}}"#,
                #"{"t": 6.0, "drag": {"from": [650, 400], "to": [650, 900], "seconds": 0.2}}"#,
                #"{"t": 7.5, "drag": {"from": [650, 400], "to": [650, 900], "seconds": 0.2}}"#,
                #"{"t": 9.0, "tap": {"x": 540, "y": 820}}"#,
            ], at: 9.5)
        #expect(Self.roomID(s) == 101 && s["position"] as? Int == 0, "\(s)")
        #expect(s["coins"] as? Int == 1200, "the top-ups are kept: \(s)")
        #expect(s["heartsSent"] as? Int == 1, "this visit's hearts: \(s)")
        let viewer = try #require(s["viewer"] as? [String: Any], "\(s)")
        #expect(viewer["heartsSent"] as? Int == 2, "the session's hearts: \(viewer)")
        #expect(viewer["name"] as? String == "You")
    }

    @Test("typing with no text field focused changes nothing: the dump is the same as without the text")
    func textDoesNothing() throws {
        let with = try Self.dump([#"{"t": 0.5, "text": "hello"}"#, #"{"t": 0.6, "key": "space"}"#])
        let without = try Self.dump([#"{"t": 0.6, "key": "space"}"#])
        #expect((with["session"] as? [String: Any])?["heartsSent"] as? Int == 1)
        #expect(NSDictionary(dictionary: with) == NSDictionary(dictionary: without))
    }

    @Test("the JSON keeps the tree's fields at the top, beside the session")
    func keepsTree() throws {
        let d = try Self.dump([], at: 0.5)
        #expect(d["type"] as? String == "Widget")
        #expect(d["name"] as? String == "root")
        #expect((d["children"] as? [Any])?.count == 5)
    }

    @Test("a playback room says whether it is paused; a landscape room says so")
    func pausedAndRotation() throws {
        #expect(try Self.session([], at: 0.5, ["--kind", "playback"])["paused"] as? Bool == false)
        #expect(try Self.session([], at: 0.5, ["--mode", "landscape"])["rotation"] as? String == "landscape")
    }

    @Test("the text output starts with the session line")
    func textLine() throws {
        let command = try DumpCommand.parse(["--frames", "5", "--assets", Self.assets])
        let first = try command.output().split(separator: "\n").first
        #expect(first == "session: room 101 (audience) position 0 lite false live portrait hearts 0 coins 1000")
    }

    @Test("--at-time and --frames are checked as snapshot checks them")
    func timeOptions() {
        for arguments in [["--frames", "5", "--at-time", "1"], ["--at-time", "0"], ["--at-time", "4000"], ["--frames", "0"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try DumpCommand.parse(arguments) }
        }
    }

    @Test("a scenario that cannot be read fails naming the file")
    func badScenario() throws {
        let command = try DumpCommand.parse(["--scenario", "/nonexistent/s.jsonl", "--assets", Self.assets])
        #expect { try command.output() } throws: { "\($0)".contains("/nonexistent/s.jsonl") }
    }
}
