import CommandFixtures
import Foundation
import Testing

// Nested in the DevTools suite, which runs its tests one at a time: each keeps a studio
// (and a browser) busy, and waits for it on a thread the other tests need.
extension DevToolsPageTests {
    /// Editing a running widget from DevTools over HTTP, as the page's fields do: a level, a
    /// frame and an alpha apply on the next frame, a level into another layer moves the widget
    /// there, and a bad value is refused with the configuration loader's own sentence.
    @Suite("DevTools: editing a widget", .serialized)
    struct DevToolsEditTests {

        struct Record: Decodable {
            struct Frame: Decodable, Equatable { var x: Double, y: Double, width: Double, height: Double }
            var name: String, layer: String, level: Double, alpha: Double
            var frame: Frame
            var children: [Record]
        }

        struct Snapshot: Decodable {
            struct Reply: Decodable { var number: Int, text: String }
            struct Edit: Decodable, Equatable { var name: String, property: String, value: String }
            var tree: Record
            var replies: [Reply]
            var selectedOptions: [String: String]?
            var edits: [Edit]?
        }

        /// Sends commands to a session's room as the page does, and reads their replies.
        final class Commander {
            let session: Session
            private var lastReply = 0

            init(_ session: Session) throws {
                self.session = session
                for _ in 0..<100 where (try? DevToolsPageTests.fetch(try session.address("/snapshot", token: true)).0) != 200 {
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }

            func snapshot() throws -> Snapshot {
                try JSONDecoder().decode(
                    Snapshot.self, from: Data(DevToolsPageTests.fetch(try session.address("/snapshot", token: true)).1.utf8))
            }

            /// Sends `body` and returns the reply, and the snapshot that has it.
            func send(_ body: String) throws -> (String, Snapshot) {
                let command = try session.address("/command", token: true)
                #expect(try DevToolsPageTests.fetch(command, method: "POST", body: Data(body.utf8)).0 == 202)
                var snapshot = try self.snapshot()
                for _ in 0..<100 {
                    snapshot = try self.snapshot()
                    if let reply = snapshot.replies.last, reply.number > lastReply {
                        lastReply = reply.number
                        return (reply.text, snapshot)
                    }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                Issue.record("no reply to \(body)")
                return ("", snapshot)
            }

            /// Sends a command about `widget`, found by name in the latest snapshot.
            func send(_ verb: String, _ property: String, _ value: String, of widget: String) throws -> (String, Snapshot) {
                let (path, _) = try #require(DevToolsEditTests.find(widget, in: try snapshot().tree))
                return try send(
                    #"{"command":"\#(verb)","path":\#(path),"name":"\#(widget)","property":"\#(property)","value":\#(value)}"#)
            }
        }

        /// The path (child indices) and record of the widget called `name`.
        static func find(_ name: String, in record: Record, path: [Int] = []) -> ([Int], Record)? {
            if record.name == name { return (path, record) }
            for (i, child) in record.children.enumerated() {
                if let hit = find(name, in: child, path: path + [i]) { return hit }
            }
            return nil
        }

        @Test("level, frame and alpha apply at once; bad values get the loader's words", .timeLimit(.minutes(2)))
        func edits() throws {
            let session = try Session(frames: 1200)
            let commander = try Commander(session)
            func set(
                _ property: String, _ value: String, of widget: String = "commentList", command verb: String = "set"
            ) throws -> (String, Snapshot) {
                try commander.send(verb, property, value, of: widget)
            }

            // The loader's sentence for the same level in a configuration file.
            let folder = session.folder.appendingPathComponent("assets")
            try FileManager.default.copyItem(at: URL(fileURLWithPath: BuiltStudio.assets), to: folder)
            let config = folder.appendingPathComponent("studios/audience.json")
            try String(contentsOf: config, encoding: .utf8)
                .replacingOccurrences(of: #"{ "widget": "commentList", "level": 250 }"#, with: #"{ "widget": "commentList", "level": -5 }"#)
                .write(to: config, atomically: true, encoding: .utf8)
            let loader = try StudioProcess.run(["dump", "--kind", "audience", "--assets", folder.path])
            let sentence =
                "must be a level >= 0 (got -5); levels place widgets in layers: background [0, 100), "
                + "displayer [100, 200), movable [200, 300), lite [300, 400), float [400, ∞)"
            #expect(loader.stderr.contains(sentence), "the loader: \(loader.stderr)")
            #expect(try set("level", "-5").0 == "refused set level of commentList: " + sentence)

            let (moved, afterMove) = try set("level", "450")
            #expect(moved == "set level of commentList to 450")
            let record = try #require(Self.find("commentList", in: afterMove.tree)?.1)
            #expect(record.layer == "float" && record.level == 450, "a level in another layer moves the widget there")

            let (framed, afterFrame) = try set("frame", #"{"x": 10, "y": 20, "width": 300, "height": 200}"#)
            #expect(framed == "set frame of commentList to 10,20 300x200")
            #expect(Self.find("commentList", in: afterFrame.tree)?.1.frame == .init(x: 10, y: 20, width: 300, height: 200))
            #expect(try set("frame", #"{"x": 5000, "y": 0, "width": 10, "height": 10}"#).0.contains("is outside the studio"))
            #expect(try set("frame", #"{"x": 0, "y": 0, "width": 0, "height": 10}"#).0.contains("width and height above 0"))
            #expect(try set("alpha", "2").0 == "refused set alpha of commentList: must be between 0 and 1 (got 2)")
            let (faded, afterAlpha) = try set("alpha", "0.5")
            #expect(faded == "set alpha of commentList to 0.5" && Self.find("commentList", in: afterAlpha.tree)?.1.alpha == 0.5)

            // The widget's own options: the studio badge's colour, from its configuration entry.
            let (selected, withOptions) = try set("", "null", of: "studioBadge", command: "select")
            #expect(selected == "selected studioBadge")
            #expect(withOptions.selectedOptions?["color"] == ##""#FE2C55""##, "\(withOptions.selectedOptions ?? [:])")
            let (recolored, after) = try set("color", ##""#00FF00""##, of: "studioBadge")
            #expect(recolored == ##"set color of studioBadge to "#00FF00""##)
            #expect(after.selectedOptions?["color"] == ##""#00FF00""##, "the badge, built again, is still selected")
            let (status, png) = try DevToolsPageTests.fetchData(try session.address("/screenshot.png", token: true))
            try #require(status == 200)
            let file = session.folder.appendingPathComponent("badge.png")
            try png.write(to: file)
            let pixels = try PNGPixels(file.path)
            var green = 0
            for y in 0..<80 { for x in 280..<440 where pixels.rgb(x: x, y: y) == 0x00FF00 { green += 1 } }
            #expect(green > 100, "the badge is drawn in its new colour: \(green) pixels")
            // A bad colour in the loader's words, as the same value in the file gets them.
            try String(contentsOf: config, encoding: .utf8)
                .replacingOccurrences(of: "-5", with: "250")
                .replacingOccurrences(of: ##""color": "#FE2C55""##, with: #""color": "pink""#)
                .write(to: config, atomically: true, encoding: .utf8)
            let badLoad = try StudioProcess.run(["dump", "--kind", "audience", "--assets", folder.path])
            let refusal = try set("color", #""pink""#, of: "studioBadge").0
            let reason = try #require(refusal.range(of: "options.color").map { String(refusal[$0.lowerBound...]) }, "\(refusal)")
            #expect(refusal.hasPrefix("refused set color of studioBadge: "), "\(refusal)")
            #expect(badLoad.stderr.contains(reason), "the loader says \(badLoad.stderr), the page \(refusal)")
            #expect(try set("colour", #""red""#, of: "studioBadge").0.contains("unknown option"))
        }

        @Test(
            "edits hold through the widget's own layout and later edits, until undone or reset; the reset says what it undid",
            .timeLimit(.minutes(2)))
        func editsHold() throws {
            let session = try Session(frames: 3600)
            let c = try Commander(session)
            func frame(_ name: String, _ snapshot: Snapshot) -> Record.Frame? { Self.find(name, in: snapshot.tree)?.1.frame }
            let before = try c.snapshot()
            let original = try #require(frame("commentList", before))
            let held = Record.Frame(x: 10, y: 300, width: 420, height: 260)
            _ = try c.send("set", "frame", #"{"x": 10, "y": 300, "width": 420, "height": 260}"#, of: "commentList")
            // A later level (which moves the widget among its siblings) and one of its own
            // options (which builds it again) leave the frame as edited.
            let (moved, afterLevel) = try c.send("set", "level", "260", of: "commentList")
            #expect(moved == "set level of commentList to 260")
            #expect(frame("commentList", afterLevel) == held, "a level edit kept the frame")
            let (rebuilt, afterOption) = try c.send("set", "capacity", "4", of: "commentList")
            #expect(rebuilt.hasPrefix("set capacity of commentList"), "\(rebuilt)")
            #expect(frame("commentList", afterOption) == held, "an option edit kept the frame")
            #expect(afterOption.edits?.map(\.property) == ["frame", "level", "capacity"], "\(afterOption.edits ?? [])")
            // A widget that lays itself out (the audience list, as viewers come and go).
            _ = try c.send("set", "frame", #"{"x": 300, "y": 400, "width": 300, "height": 56}"#, of: "audienceList")
            Thread.sleep(forTimeInterval: 3)
            #expect(frame("audienceList", try c.snapshot()) == .init(x: 300, y: 400, width: 300, height: 56))

            let (undone, afterUndo) = try c.send(#"{"command":"undo","name":"commentList","property":"frame"}"#)
            #expect(undone == "undid frame of commentList")
            #expect(frame("commentList", afterUndo) != held)
            #expect(afterUndo.edits?.contains { $0.name == "commentList" && $0.property == "frame" } == false)
            #expect(
                try c.send(#"{"command":"undo","name":"commentList","property":"frame"}"#).0
                    == "refused undo: frame of commentList is not edited")

            let (reset, afterReset) = try c.send(#"{"command":"reset"}"#)
            #expect(reset.hasPrefix("reset 3 edits: "), "\(reset)")
            #expect(afterReset.edits ?? [] == [])
            let comments = try #require(Self.find("commentList", in: afterReset.tree)?.1)
            #expect(comments.level == 250 && comments.frame == original, "back as configured: \(comments.frame) \(original)")
            #expect(try c.send(#"{"command":"reset"}"#).0 == "reset: no edits to undo")
        }
    }
}
