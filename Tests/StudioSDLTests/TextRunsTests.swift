import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// How a line is cut into runs of one face and one direction, with the real fonts'
    /// coverage.
    @Suite struct TextRunsTests {
        let fonts: FontLibrary

        init() throws { fonts = try FontLibrary() }

        func runs(_ text: String) -> [TextRun] { TextRuns.split(text, provides: fonts.provides) }

        func faces(_ text: String) -> [FontFace] { runs(text).map(\.face) }

        @Test("plain ASCII is one Latin run, left to right")
        func ascii() {
            #expect(runs("Hello, world! 666") == [TextRun(text: "Hello, world! 666", face: .latin, isRightToLeft: false)])
        }

        @Test("CJK, emoji and Latin each get their own face, and the space after the CJK stays in its run")
        func mixedComment() {
            #expect(
                runs("加油 😀🎉 awesome").map { [$0.text, $0.face.rawValue] } == [
                    ["加油 ", "cjk"], ["😀🎉", "emoji"], [" awesome", "latin"],
                ])
        }

        @Test("a ZWJ family, a skin tone, a flag and a keycap are each one emoji cluster in one run")
        func emojiSequences() throws {
            let line = runs("👨‍👩‍👧👍🏽🇯🇵1️⃣")
            #expect(line.count == 1)
            let run = try #require(line.first)
            #expect(run.face == .emoji)
            #expect(run.text.count == 4)
        }

        @Test("a digit, '#' or a text-presentation heart alone are text, not emoji")
        func textPresentation() {
            #expect(faces("1") == [.latin])
            #expect(faces("# ☺ ❤") == [.latin])
            #expect(faces("❤️") == [.emoji])
        }

        @Test("Arabic is a right-to-left run, and its digits read left to right to its left")
        func arabicWithDigits() {
            let line = runs("مرحبا 2024")
            #expect(line.map(\.face) == [.latin, .arabic])
            #expect(line.map(\.isRightToLeft) == [false, true])
            #expect(line.first?.text == "2024")
        }

        @Test("Hebrew inside a Latin sentence stays in place, drawn right to left")
        func hebrewInLatin() {
            let line = runs("hi שלום there")
            #expect(line.map(\.face) == [.latin, .hebrew, .latin])
            #expect(line.map(\.isRightToLeft) == [false, true, false])
            #expect(line[1].text == "שלום")
        }

        @Test("a right-to-left sentence with a Latin word puts the Latin word between the Arabic words in visual order")
        func latinInArabic() {
            let line = runs("أنا أحب Swift كثيرا")
            // Logical: Arabic, Latin, Arabic; a right-to-left paragraph shows the last first.
            #expect(line.map(\.face) == [.arabic, .latin, .arabic])
            #expect(line.first?.text.trimmingCharacters(in: .whitespaces) == "كثيرا")
            #expect(line[1].text == "Swift")
        }

        @Test("Thai and Devanagari go to their own faces")
        func thaiAndDevanagari() {
            #expect(faces("สวัสดีครับ") == [.thai])
            #expect(faces("नमस्ते") == [.devanagari])
        }

        @Test("a symbol the primary face lacks falls back to a face that has it")
        func symbolFallback() {
            // U+1F680 is an emoji; U+2BD1 (uncertainty sign) is in Noto Sans Symbols 2 only.
            let face = faces("\u{2BD1}").first
            #expect(face != .latin && face != nil, "\(String(describing: face))")
            #expect(fonts.provides(face!, "\u{2BD1}"))
        }

        @Test("a long run of emoji is cut into runs of at most 32")
        func longEmojiRunsAreCut() {
            let line = runs(String(repeating: "😀", count: 70))
            #expect(line.map(\.text.count) == [32, 32, 6])
            #expect(line.allSatisfy { $0.face == .emoji })
        }

        @Test("every character of the input is in exactly one run")
        func nothingLost() {
            for text in ["加油 😀🎉 awesome", "مرحبا بالجميع 2024", "hi שלום there!", "a\u{301}bc 👨‍👩‍👧", "  ", "\u{200B}"] {
                let joined = runs(text).map(\.text).joined()
                #expect(joined.count == text.count, "\(text)")
                #expect(Set(joined.unicodeScalars.map(\.value)) == Set(text.unicodeScalars.map(\.value)), "\(text)")
            }
        }
    }
}
