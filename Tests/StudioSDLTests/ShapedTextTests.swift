import Foundation
import StudioKit
import Studios
import Testing

@testable import StudioSDL

extension SDLTests {
    /// Text as rooms write it, drawn: color emoji, shaping through HarfBuzz, one baseline.
    @Suite struct ShapedTextTests {
        /// Pixels in `rect` whose color channels differ (not grey, white or black).
        static func coloredPixels(_ f: Fixture, in rect: Rect) -> Int {
            var count = 0
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) {
                    let p = f.pixel(x, y)
                    if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 40 { count += 1 }
                }
            }
            return count
        }

        @Test("an emoji is drawn in its own colors, whatever the text's color")
        func emojiInColor() throws {
            let f = try Fixture()
            let font = FontSpec.regular(32)
            try f.render([DrawItem(.text("😀", font: font, color: .white, origin: Point(x: 10, y: 10), alignment: .left))])
            let size = TTFTextMeasurer(fonts: f.fonts).measure("😀", font: font)
            #expect(Self.coloredPixels(f, in: Rect(x: 10, y: 10, width: size.width, height: size.height)) > 200)
        }

        @Test("an emoji drawn as a silhouette is a shape in the text's color, with no colors of its own")
        func emojiSilhouette() throws {
            let f = try Fixture(background: .white)
            let font = FontSpec.regular(32).silhouette
            try f.render([DrawItem(.text("😀", font: font, color: .black, origin: Point(x: 10, y: 10), alignment: .left))])
            let box = Rect(x: 10, y: 10, width: 45, height: 40)
            #expect(Self.coloredPixels(f, in: box) == 0)
            #expect(f.paintedPixels(in: box) > 400)
        }

        @Test("the text's alpha fades its emoji too")
        func emojiFades() throws {
            let opaque = try Fixture(), faded = try Fixture()
            let item = { (alpha: UInt8) in
                DrawItem(
                    .text(
                        "😀", font: .regular(32), color: Color(r: 255, g: 255, b: 255, a: alpha),
                        origin: Point(x: 10, y: 10), alignment: .left))
            }
            try opaque.render([item(255)])
            try faded.render([item(64)])
            var strong = 0, weak = 0
            for y in 10..<50 {
                for x in 10..<55 {
                    strong += Int(opaque.pixel(x, y).r)
                    weak += Int(faded.pixel(x, y).r)
                }
            }
            #expect(weak > 0 && weak * 3 < strong, "opaque \(strong), faded \(weak)")
        }

        @Test("a ZWJ family, a flag and a keycap are each as wide as one emoji")
        func sequencesAreOneGlyph() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let one = measurer.measure("😀", font: .regular(32)).width
            #expect(one > 20)
            for sequence in ["👨‍👩‍👧", "🇯🇵", "1️⃣", "👍🏽"] {
                #expect(measurer.measure(sequence, font: .regular(32)).width == one, "\(sequence)")
            }
        }

        @Test("lines of Latin, CJK, emoji and Arabic at one size are the same height, so they share a baseline")
        func oneLineBox() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let heights = Set(
                ["Latin", "加油 awesome", "party 😀🎉", "مرحبا", "สวัสดี"].map {
                    measurer.measure($0, font: .regular(26)).height
                })
            #expect(heights.count == 1, "\(heights)")
        }

        @Test("the Latin part of a mixed line is drawn at the same rows as the same text alone")
        func mixedBaseline() throws {
            let alone = try Fixture(), mixed = try Fixture()
            let font = FontSpec.regular(30)
            try alone.render([DrawItem(.text("Hxg", font: font, color: .white, origin: Point(x: 10, y: 10), alignment: .left))])
            try mixed.render([DrawItem(.text("Hxg 你好", font: font, color: .white, origin: Point(x: 10, y: 10), alignment: .left))])
            // The first three letters are the same glyphs in the same face, at the same place.
            let width = Int(TTFTextMeasurer(fonts: alone.fonts).measure("Hxg", font: font).width)
            for y in 0..<70 { for x in 10..<(10 + width - 2) { #expect(alone.pixel(x, y) == mixed.pixel(x, y)) } }
        }

        @Test("Arabic letters are joined: the word is narrower than its letters set apart")
        func arabicIsShaped() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let word = "مرحبا"
            let joined = measurer.measure(word, font: .regular(32)).width
            let apart = word.map { measurer.measure(String($0), font: .regular(32)).width }.reduce(0, +)
            #expect(joined < apart * 0.9, "joined \(joined), apart \(apart)")
        }

        @Test("Hebrew is drawn right to left: the first letter of the word is its rightmost glyph")
        func hebrewRightToLeft() throws {
            let word = try Fixture(), letter = try Fixture()
            let font = FontSpec.regular(40)
            // Right-aligned at x 300, the word's first letter must land where the letter alone does.
            try word.render([DrawItem(.text("שלום", font: font, color: .white, origin: Point(x: 300, y: 10), alignment: .right))])
            try letter.render([DrawItem(.text("ש", font: font, color: .white, origin: Point(x: 300, y: 10), alignment: .right))])
            var same = 0, painted = 0
            for y in 10..<60 {
                for x in 270..<300 where letter.pixel(x, y) != .black {
                    painted += 1
                    if word.pixel(x, y) == letter.pixel(x, y) { same += 1 }
                }
            }
            #expect(painted > 50)
            #expect(Double(same) > Double(painted) * 0.8, "\(same) of \(painted) pixels of ש at the right end")
        }

        @Test("Thai and Devanagari render with glyphs, not boxes: each character's ink differs")
        func complexScripts() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            for text in ["สวัสดี", "नमस्ते"] {
                #expect(measurer.measure(text, font: .regular(32)).width > 40, "\(text)")
            }
            let f = try Fixture()
            try f.render([DrawItem(.text("สวัสดี", font: .regular(32), color: .white, origin: Point(x: 10, y: 10), alignment: .left))])
            #expect(f.paintedPixels(in: Rect(x: 10, y: 10, width: 120, height: 40)) > 150)
        }

        @Test("emoji scaled from their strike give the same bytes every time")
        func emojiDeterministic() throws {
            func render() throws -> [Color] {
                let f = try Fixture()
                try f.render([DrawItem(.text("🎉👨‍👩‍👧", font: .regular(27), color: .white, origin: Point(x: 5, y: 5), alignment: .left))])
                return (5..<40).flatMap { y in (5..<80).map { f.pixel($0, y) } }
            }
            #expect(try render() == render())
        }

        @Test("area averaging keeps a flat color flat and gives each result pixel the whole of its weights")
        func scalerWeights() {
            for (from, to) in [(136, 40), (128, 37), (10, 25), (7, 7)] {
                let weights = EmojiScaler.weights(from: from, to: to)
                #expect(weights.count == to)
                #expect(weights.allSatisfy { $0.map(\.weight).reduce(0, +) == UInt32(from) }, "\(from)->\(to)")
                #expect(weights.flatMap { $0.map(\.index) }.allSatisfy { (0..<from).contains($0) })
            }
        }

        @Test("cutting with an ellipsis never splits an emoji sequence or a letter from its mark")
        func cutsAtClusters() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let family = "👨‍👩‍👧", accented = "e\u{301}"
            let text = String(repeating: family + accented, count: 20)
            for width in stride(from: 40.0, through: 400, by: 37) {
                let cut = measurer.fitting(text, font: .regular(26), maxWidth: width)
                #expect(cut.hasSuffix("…"))
                for character in cut.dropLast() { #expect(String(character) == family || String(character) == accented, "\(cut)") }
                #expect(measurer.measure(cut, font: .regular(26)).width <= width)
            }
        }

        @Test("wrapping breaks CJK between any two characters and Latin only at spaces")
        func wrapsByScript() throws {
            let measurer = TTFTextMeasurer(fonts: try FontLibrary())
            let cjk = String(repeating: "这是一个没有空格的中文句子", count: 3)
            let lines = measurer.wrapping(cjk, font: .regular(26), maxWidth: 200, maxLines: 0)
            #expect(lines.count > 2)
            #expect(lines.joined() == cjk, "nothing lost or added between CJK lines")
            for line in lines { #expect(measurer.measure(line, font: .regular(26)).width <= 200) }
            let latin = "the quick brown fox jumps over the lazy dog and keeps on running far away"
            let words = measurer.wrapping(latin, font: .regular(26), maxWidth: 200, maxLines: 0)
            #expect(words.joined(separator: " ") == latin, "Latin breaks only at spaces: \(words)")
        }

        @Test("a missing emoji font names its path and fonts-noto-color-emoji")
        func missingEmojiFont() {
            let error = #expect(throws: SDLError.self) {
                _ = try FontLibrary(paths: FontPaths(emojiDirectory: "/nonexistent/emoji"))
            }
            #expect(error?.description.contains("/nonexistent/emoji/NotoColorEmoji.ttf") == true)
            #expect(error?.description.contains("fonts-noto-color-emoji") == true)
        }

        @Test("missing script fonts name fonts-noto-core")
        func missingNotoCore() {
            let error = #expect(throws: SDLError.self) {
                _ = try FontLibrary(paths: FontPaths(notoDirectory: "/nonexistent/noto"))
            }
            #expect(error?.description.contains("/nonexistent/noto/NotoSansArabic-Regular.ttf") == true)
            #expect(error?.description.contains("fonts-noto-core") == true)
        }
    }
}
