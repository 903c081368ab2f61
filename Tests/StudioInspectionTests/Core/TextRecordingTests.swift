import StudioInspection
import Testing

@testable import StudioKit

@Suite("Typed text in recordings")
struct TextRecordingTests {
    @Test("a text event with quotes, a backslash, a line break and CJK reads back as the same text")
    func roundTrip() throws {
        let events = [RecordedInput(frame: 7, event: .text("say \"hi\" \\ 小林\nbye"))]
        let text = events.map(InputRecording.line).joined(separator: "\n")
        #expect(!text.contains("\n"), "one event is one line")
        #expect(try InputRecording.parse(text, file: "r.jsonl") == events)
    }

    @Test("text longer than one text item keeps, or empty, is refused naming the file and line")
    func refused() {
        let long = String(repeating: "a", count: TextCap.characters + 1)
        for (value, words) in [(long, "longer than \(TextCap.characters) characters"), ("", "must not be empty")] {
            let line = "{\"frame\":1,\"type\":\"text\",\"text\":\"\(value)\"}"
            #expect {
                try InputRecording.parse("\n" + line, file: "r.jsonl")
            } throws: { error in
                "\(error)".hasPrefix("r.jsonl:2: \"text\" ") && "\(error)".contains(words)
            }
        }
        let atTheCap = String(repeating: "a", count: TextCap.characters)
        #expect((try? InputRecording.parse("{\"frame\":1,\"type\":\"text\",\"text\":\"\(atTheCap)\"}", file: "r")) != nil)
    }
}
