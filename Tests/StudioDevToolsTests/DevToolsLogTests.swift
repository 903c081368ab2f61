import CommandFixtures
import Foundation
import Testing

// Nested in the DevTools suite, which runs its tests one at a time: each keeps a studio
// (and a browser) busy, and waits for it on a thread the other tests need.
extension DevToolsPageTests {
    /// DevTools' event log and layers over HTTP, as the page uses them: the log's entries name
    /// what the room got and how many listeners each event reached, its saved form replays with
    /// `--scenario` to the same pixels, a request from another site's page is refused, and the
    /// layer commands change the room's frames.
    @Suite("DevTools: the event log and the layers", .serialized)
    struct DevToolsLogTests {

        static let demo = BuiltStudio.repository.appendingPathComponent("Assets/scenarios/demo.jsonl").path

        struct Events: Decodable {
            struct Entry: Decodable {
                var serial: Int, frame: Int, time: Double, source: String, name: String, value: String
                var listeners: Int?
            }
            var events: [Entry]
            var skipped: Int
        }

        struct Snapshot: Decodable {
            struct Layer: Decodable { var name: String, items: Int, shown: Bool }
            struct Reply: Decodable { var text: String }
            var frame: Int
            var layers: [Layer]
            var replies: [Reply]
        }

        static func snapshot(_ session: Session) throws -> Snapshot {
            try JSONDecoder().decode(
                Snapshot.self, from: Data(DevToolsPageTests.fetch(try session.address("/snapshot", token: true)).1.utf8))
        }

        /// Waits, up to 20 s, until the room's snapshot satisfies `condition`.
        static func wait(_ session: Session, for what: String, _ condition: (Snapshot) -> Bool) throws -> Snapshot {
            for _ in 0..<200 {
                if let snapshot = try? Self.snapshot(session), condition(snapshot) { return snapshot }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("waited 20 s for \(what)")
            return try Self.snapshot(session)
        }

        @Test(
            "the log names notes, input and events with their listeners, and its saved form replays to the same frame",
            .timeLimit(.minutes(3)))
        func logReplays() throws {
            let session = try Session(frames: 900, extra: ["--scenario", Self.demo])
            _ = try #require(session.url, "no `DevTools: http://…` line on standard output")
            // The demo taps at 4 s; the log is saved after it, at 5 s or later.
            _ = try Self.wait(session, for: "frame 300") { $0.frame >= 300 }
            let events = try JSONDecoder().decode(
                Events.self, from: Data(DevToolsPageTests.fetch(try session.address("/events", token: true)).1.utf8))
            #expect(events.events.count > 20 && events.events.count <= 300, "\(events.events.count) entries")
            let names = Set(events.events.map { "\($0.source) \($0.name)" })
            #expect(names.contains("note commentArrived") && names.contains("input pointer down"), "\(names.sorted())")
            let heart = try #require(events.events.first { $0.source == "event" && $0.name == "roomTapped" }, "\(names.sorted())")
            #expect((heart.listeners ?? 0) >= 1, "a tap on the room reaches its listeners")
            #expect(events.events.map(\.serial) == Array(events.events[0].serial...events.events.last!.serial), "in order, none missing")

            let (status, log) = try DevToolsPageTests.fetch(try session.address("/log.jsonl", token: true))
            #expect(status == 200 && log.hasPrefix("// LiveStudio DevTools log"), "\(log.prefix(200))")
            #expect(log.contains(#"{"t": 4, "pointer": {"down": [360, 780]}}"#), "the tap, as the room got it:\n\(log.prefix(2000))")
            #expect(!log.contains(#""tap""#), "the scenario's own tap line is not copied: its input is in the log already")
            let saved = session.folder.appendingPathComponent("log.jsonl")
            try log.write(to: saved, atomically: true, encoding: .utf8)
            let noInput = session.folder.appendingPathComponent("no-input.jsonl")
            try log.split(separator: "\n").filter { !$0.contains(#""pointer""#) }.joined(separator: "\n")
                .write(to: noInput, atomically: true, encoding: .utf8)
            func frame(_ scenario: String, _ name: String) throws -> Data {
                let out = session.folder.appendingPathComponent(name)
                let run = try StudioProcess.run([
                    "snapshot", "--scenario", scenario, "--at-time", "4.5", "--out", out.path, "--assets",
                    BuiltStudio.assets,
                ])
                try #require(run.status == 0, "\(run.stderr)")
                return try Data(contentsOf: out)
            }
            let original = try frame(Self.demo, "original.png")
            #expect(try frame(saved.path, "replayed.png") == original, "the saved log replays to the same pixels")
            #expect(try frame(noInput.path, "without-input.png") != original, "and its input lines are what makes the hearts")
        }

        @Test("a page that reads nothing is sent no more than a few messages, and closed after 5 s with a note; the room runs on")
        func stalledPage() throws {
            let session = try Session(frames: 1800)
            let url = try #require(session.url)
            // A WebSocket client that shakes hands and never reads, nor acknowledges.
            let client = #"""
                import base64, os, socket, sys, time, urllib.parse
                u = urllib.parse.urlparse(sys.argv[1]); token = urllib.parse.parse_qs(u.query)["token"][0]
                s = socket.create_connection((u.hostname, u.port))
                key = base64.b64encode(os.urandom(16)).decode()
                s.sendall(f"GET /ws?token={token} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
                time.sleep(30)
                """#
            let stalled = Process()
            stalled.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            stalled.arguments = ["python3", "-c", client, url.absoluteString]
            try stalled.run()
            defer { stalled.terminate() }
            // Five seconds of silence, after the few messages it may leave unread; longer on a
            // busy machine, where the server's tasks run late.
            var note = ""
            for _ in 0..<250 where !note.contains("DevTools: a page read nothing") {
                Thread.sleep(forTimeInterval: 0.1)
                note = (try? String(contentsOf: session.errors, encoding: .utf8)) ?? ""
            }
            #expect(note.contains("DevTools: a page read nothing for 5 s; its connection is closed"), "stderr: \(note)")
            #expect(stalled.isRunning, "the client was still connected, reading nothing")
            let before = try Self.snapshot(session).frame
            _ = try Self.wait(session, for: "the room to run on") { $0.frame > before + 30 }
        }

        @Test("bench --devtools runs the scene without and with DevTools, alternating, and prints both and the difference")
        func benchCost() throws {
            let run = try StudioProcess.run([
                "bench", "--headless", "--devtools", "--frames", "60", "--warm-up", "10", "--repeat", "2", "--top", "0",
                "--assets", BuiltStudio.assets,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Without DevTools:") && run.stdout.contains("With DevTools:"))
            #expect(run.stdout.contains("DevTools attached (overlay, server, a page's requests 10 times a second), 2 run(s) each"))
            for label in ["busy p50", "busy p99", "draw p99"] {
                #expect(run.stdout.contains("  \(label) "), "\(label) in:\n\(run.stdout.suffix(600))")
            }
        }

        @Test("layer commands change the room's frames; a request from another site is refused", .timeLimit(.minutes(2)))
        func layers() throws {
            let session = try Session(frames: 3600)
            let command = try session.address("/command", token: true)
            func post(_ json: String) throws {
                #expect(try DevToolsPageTests.fetch(command, method: "POST", body: Data(json.utf8)).0 == 202)
            }
            let first = try Self.wait(session, for: "the first snapshot") { $0.layers.count == 5 }
            #expect(first.layers.map(\.name) == ["background", "displayer", "movable", "lite", "float"])
            #expect(first.layers.first { $0.name == "movable" }.map { $0.items > 10 && $0.shown } == true, "\(first.layers)")
            try post(#"{"command":"layer","layer":"overlay","value":false}"#)
            for layer in first.layers.map(\.name) { try post(#"{"command":"layer","layer":"\#(layer)","value":false}"#) }
            let hidden = try Self.wait(session, for: "five layers hidden") { $0.layers.allSatisfy { !$0.shown } }
            let replies = hidden.replies.map(\.text)
            #expect(replies.contains("refused layer overlay: the layers are background, displayer, movable, lite, float"), "\(replies)")
            #expect(replies.contains("hid the float layer"), "\(replies)")
            // Screenshots of the frame and of one layer, as the page's links download them.
            let base = try session.address("/screenshot.png", token: true).absoluteString
            for (query, transparent) in [("", false), ("&layer=movable", true)] {
                let (status, png) = try DevToolsPageTests.fetchData(try #require(URL(string: base + query)))
                try #require(status == 200, "\(query): \(status)")
                let file = session.folder.appendingPathComponent("shot\(transparent).png")
                try png.write(to: file)
                let pixels = try PNGPixels(file.path)
                #expect(pixels.width == 720 && pixels.height == 1280)
                var alphas = Set<UInt8>()
                for y in stride(from: 0, to: 1280, by: 16) {
                    for x in stride(from: 0, to: 720, by: 16) { alphas.insert(pixels.alpha(x: x, y: y)) }
                }
                // A layer alone is transparent around its widgets; the frame is opaque.
                #expect(transparent ? alphas.contains(0) && alphas.contains(255) : alphas == [255], "\(query): alphas \(alphas.sorted())")
            }
            let bad = try DevToolsPageTests.fetch(
                try #require(URL(string: try session.address("/screenshot.png", token: true).absoluteString + "&layer=top")))
            #expect(bad.0 == 400 && bad.1.contains("the layers are background, displayer, movable, lite, float"), "\(bad)")
            let other = try DevToolsPageTests.fetch(
                try session.address("/snapshot", token: true), headers: ["Origin": "http://example.com"])
            #expect(other.0 == 403 && other.1.contains("http://example.com"), "\(other)")
            try session.finish()
            // Every layer hidden: the last frame is the window's clear color, one color all over.
            let png = try PNGPixels(session.screenshot.path)
            var colors = Set<UInt32>()
            for y in stride(from: 0, to: png.height, by: 7) {
                for x in stride(from: 0, to: png.width, by: 7) { colors.insert(png.rgb(x: x, y: y)) }
            }
            #expect(colors.count == 1, "\(colors.count) colors in a frame with no layer shown")
        }
    }
}
