import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario parsing")
struct ScenarioParseTests {
    /// The error parsing `text` throws (its line 3 is the line under test).
    static func error(_ line: String) -> ConfigError? {
        let text = """
            // a comment line
            {"t": 0.5, "likes": 3}
            \(line)
            """
        do {
            _ = try Scenario.parse(text, file: "bad.jsonl")
            return nil
        } catch let e as ConfigError {
            return e
        } catch {
            return nil
        }
    }

    /// Expects an error at line 3 of bad.jsonl whose message contains every fragment.
    static func expectError(
        _ line: String, _ fragments: String..., keyPath: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let e = error(line) else {
            Issue.record("no error for \(line)", sourceLocation: sourceLocation)
            return
        }
        #expect(e.file == "bad.jsonl" && e.line == 3, "\(e)", sourceLocation: sourceLocation)
        #expect(e.description.hasPrefix("bad.jsonl:3"), sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(e.description.contains(fragment), "\(e) lacks '\(fragment)'", sourceLocation: sourceLocation)
        }
        if let keyPath { #expect(e.keyPath == keyPath, sourceLocation: sourceLocation) }
    }

    @Test("every kind of line parses into its action")
    func everyAction() throws {
        let s = try Scenario.parse(
            """
            {"t": 1, "comment": {"user": "Yuki", "text": "hello"}}
            {"t": 2, "gift": {"sender": "Leo", "gift": "rocket", "count": 2}}
            {"t": 2.5, "likes": 30}
            {"t": 3, "enter": {"name": "小鱼儿", "level": 12, "vip": true}}
            {"t": 3.5, "leave": {"name": "Tom"}}
            {"t": 4, "online": 12345}
            {"t": 4.5, "rank": 3}
            {"t": 5, "pk": {"left": 100, "right": 80, "secondsLeft": 60}}
            {"t": 5.5, "price": 101.25}
            {"t": 6, "connection": "drop"}
            {"t": 7, "system": "text"}
            {"t": 8, "key": "l"}
            """, file: "all.jsonl")
        let notes = s.entries.compactMap { if case .note(let n) = $0.action { n } else { nil } }
        #expect(
            notes.map(\.name) == [
                EventKey.commentArrived.name, EventKey.giftArrived.name, EventKey.likesArrived.name,
                EventKey.audienceEntered.name, EventKey.audienceLeft.name, EventKey.onlineCountChanged.name,
                EventKey.rankChanged.name, EventKey.pkScoreChanged.name, EventKey.priceTicked.name,
                EventKey.systemMessage.name,
            ])
        #expect(notes[0].value(.commentArrived)?.text == "hello")
        #expect(notes[1].value(.giftArrived) == GiftMessage(sender: "Leo", gift: GiftCatalog.gift(id: "rocket")!, count: 2))
        #expect(notes[3].value(.audienceEntered) == AudienceMember(name: "小鱼儿", level: 12, isVIP: true))
        #expect(notes[7].value(.pkScoreChanged) == PKScore(left: 100, right: 80, secondsLeft: 60))
        #expect(s.entries.contains { $0.action == .connection(.drop) && $0.time == 6 && $0.line == 10 })
        #expect(
            s.entries.filter { $0.line == 12 }.map(\.action) == [
                .input(.key(KeyEvent(.l))),
                .input(.key(KeyEvent(.l, isDown: false))),
            ])
    }

    @Test("blank lines and // lines are skipped but still counted")
    func skipped() throws {
        let s = try Scenario.parse("\n// hi\n   \n{\"t\": 1, \"likes\": 1}\n", file: "x.jsonl")
        #expect(s.entries.map(\.line) == [4])
    }

    @Test("Windows line ends count as line ends")
    func crlf() throws {
        let s = try Scenario.parse("{\"t\": 1, \"likes\": 1}\r\n\r\n{\"t\": 2, \"likes\": 2}\r\n", file: "x.jsonl")
        #expect(s.entries.map(\.line) == [1, 3])
    }

    @Test("a line that is not JSON names the file and the line")
    func badJSON() { Self.expectError(#"{"t": 1, "likes": }"#, "not valid JSON") }

    @Test("a line that is not an object names the file and the line")
    func notObject() { Self.expectError("[1, 2]", "must be a JSON object") }

    @Test("an unknown field lists the valid ones")
    func unknownField() { Self.expectError(#"{"t": 1, "comentt": {}}"#, "unknown field", "comment", "swipe", keyPath: "comentt") }

    @Test("an unknown field inside an action lists that action's fields")
    func unknownInnerField() {
        Self.expectError(#"{"t": 1, "comment": {"user": "a", "txt": "b"}}"#, "user, text", keyPath: "comment.txt")
    }

    @Test("a missing time is an error")
    func missingTime() { Self.expectError(#"{"likes": 3}"#, "missing", keyPath: "t") }

    @Test("a negative time is an error")
    func negativeTime() { Self.expectError(#"{"t": -1, "likes": 3}"#, "between 0 and 86400", keyPath: "t") }

    @Test("a time before the previous line's is an error")
    func decreasingTime() { Self.expectError(#"{"t": 0.2, "likes": 3}"#, "before the previous line", keyPath: "t") }

    @Test("an unknown gift lists the known ones")
    func unknownGift() {
        Self.expectError(#"{"t": 1, "gift": {"sender": "a", "gift": "yacht"}}"#, "yacht", "rose", "castle", keyPath: "gift.gift")
    }

    @Test("a line without an action, or with two, is an error")
    func actionCount() {
        Self.expectError(#"{"t": 1}"#, "no action")
        Self.expectError(#"{"t": 1, "likes": 2, "online": 3}"#, "more than one action")
    }

    @Test("a missing or mistyped value names its key path")
    func badValues() {
        Self.expectError(#"{"t": 1, "comment": {"user": "a"}}"#, "missing", keyPath: "comment.text")
        Self.expectError(#"{"t": 1, "likes": "lots"}"#, "whole number", keyPath: "likes")
        Self.expectError(#"{"t": 1, "enter": {"name": "a", "level": 99}}"#, "between 1 and 60", keyPath: "enter.level")
        Self.expectError(#"{"t": 1, "connection": "explode"}"#, "drop, fail", keyPath: "connection")
        Self.expectError(#"{"t": 1, "key": "q"}"#, "escape", keyPath: "key")
        Self.expectError(#"{"t": 1, "swipe": {"axis": "diagonal", "direction": 1}}"#, "horizontal", keyPath: "swipe.axis")
        Self.expectError(#"{"t": 1, "swipe": {"axis": "vertical", "direction": 0}}"#, "-1", keyPath: "swipe.direction")
    }

    @Test("a file that cannot be read is an error naming it")
    func unreadable() {
        #expect { try Scenario.load(path: "/nonexistent/x.jsonl") } throws: { error in
            (error as? ConfigError)?.file == "/nonexistent/x.jsonl"
        }
    }
}
