import DanmakuImport
import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// No text is ever drawn as a box: what a line's runs hold is what their faces have,
    /// for made-up text and for every comment, name and message in the real-file fixtures.
    @Suite struct MissingGlyphTests {
        let fonts: FontLibrary
        init() throws { fonts = try FontLibrary() }

        /// The characters of `text`'s runs that their face has no glyph for (HarfBuzz would
        /// draw each as the face's missing-glyph box). Invisible ones are not counted: HarfBuzz
        /// hides a variation selector or joiner a face lacks.
        func boxes(_ text: String) -> [String] {
            TextRuns.split(text, provides: fonts.provides).flatMap { run in
                run.text.unicodeScalars.filter { s in
                    !s.properties.isDefaultIgnorableCodePoint && !fonts.provides(run.face, s)
                }.map { "U+\(String($0.value, radix: 16, uppercase: true)) in \(run.face)" }
            }
        }

        @Test("a line feed, carriage return or tab reads as a space, and another control character is left out")
        func controls() {
            #expect(TextRuns.split("貌\n似\r很\t厉", provides: fonts.provides).map(\.text) == ["貌 似 很 厉"])
            #expect(TextRuns.split("a\nb", provides: fonts.provides).map(\.text) == ["a b"])
            #expect(TextRuns.split("a\u{07}b\u{7F}c\u{85}d", provides: fonts.provides).map(\.text) == ["abcd"])
            #expect(TextRuns.split("\u{1B}", provides: fonts.provides).isEmpty)
        }

        @Test("a character no face has, or a mark its face lacks, is left out and takes no width")
        func missing() throws {
            // U+0378 is unassigned; U+E000 is private use, in none of the fonts.
            for text in ["ab\u{0378}c", "ab\u{E000}c"] {
                #expect(boxes(text).isEmpty, "\(text): \(boxes(text))")
                #expect(TextRuns.split(text, provides: fonts.provides).map(\.text).joined() == "abc")
            }
            let measurer = TTFTextMeasurer(fonts: fonts)
            #expect(measurer.measure("ab\u{E000}c", font: .regular(24)) == measurer.measure("abc", font: .regular(24)))
            // A CJK character with a combining mark Noto CJK does not have keeps the character.
            let marked = "貌\u{20DD}"
            if !fonts.provides(.cjk, "\u{20DD}") {
                #expect(boxes(marked).isEmpty, "\(boxes(marked))")
                #expect(TextRuns.split(marked, provides: fonts.provides).map(\.text).joined() == "貌")
            }
        }

        @Test("the pixels of a line with a missing character are the line's without it")
        func pixels() throws {
            let f = try Fixture()
            let font = FontSpec.regular(32)
            func image(_ text: String) throws -> [UInt32] {
                try f.render([DrawItem(.text(text, font: font, color: .white, origin: Point(x: 20, y: 20), alignment: .left))])
                return Array(UnsafeBufferPointer(start: f.target.frame.pixels, count: f.target.frame.width * f.target.frame.height))
            }
            let plain = try image("hi 你好")
            #expect(try image("hi\u{E000} 你\u{0378}好\u{07}") == plain)
        }

        @Test("every comment, name and message in the real-file fixtures is drawn with no box, as a line and line by line")
        func realFiles() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Danmaku")
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "xml" }
            #expect(files.count >= 6, "\(files)")
            var texts = 0
            for file in files {
                var found: [String] = []
                _ = try? DanmakuFileReader.read(contentsOf: file) { record in
                    switch record {
                    case .danmaku(let d): found += [d.text, d.userName ?? ""] + d.text.split(separator: "\n").map(String.init)
                    case .gift(let g): found += [g.userName, g.giftName]
                    case .superChat(let s): found += [s.userName, s.message]
                    case .membership(let m): found += [m.userName]
                    }
                }
                for text in found where !text.isEmpty {
                    texts += 1
                    let missing = boxes(text)
                    #expect(missing.isEmpty, "\(file.lastPathComponent): \(text.debugDescription) has boxes: \(missing)")
                }
            }
            #expect(texts > 500, "only \(texts) texts read")
        }
    }
}
