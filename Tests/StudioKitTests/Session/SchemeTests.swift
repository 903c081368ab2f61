import Testing

@testable import StudioKit

@Suite("schemes")
struct SchemeTests {
    @Test("a room scheme parses into its target, id and kind, and prints back the same")
    func roundTrip() throws {
        let s = try Scheme(parsing: "studio://room/42?type=pk")
        #expect(s.target == "room")
        #expect(s.id == 42)
        #expect(s.kind == "pk")
        #expect(s.description == "studio://room/42?type=pk")
        #expect(Scheme.room(42, kind: "pk") == s)
    }

    @Test("query parameters other than type are kept and printed in key order")
    func extraParameters() throws {
        let s = try Scheme(parsing: "studio://room/7?type=playback&at=120")
        #expect(s.parameters == ["type": "playback", "at": "120"])
        #expect(s.description == "studio://room/7?at=120&type=playback")
    }

    @Test(
        "malformed schemes are rejected with the reason and the expected form",
        arguments: [
            ("http://room/1", "must start with studio://"),
            ("studio://room", "the path must be <target>/<id>"),
            ("studio://room/abc?type=pk", "is not a whole number"),
            ("studio://room/-3", "is not a whole number"),
            ("studio:///4", "the path must be <target>/<id>"),
            ("studio://room/4?type", "is not key=value"),
        ])
    func malformed(text: String, reason: String) {
        #expect {
            _ = try Scheme(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains(text) && message.contains("studio://room/<id>?type=<kind>")
        }
    }
}
