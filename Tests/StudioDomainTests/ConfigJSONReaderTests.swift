import RoomFixtures
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Configuration JSON reader")
struct ConfigJSONReaderTests {
    func parse(_ text: String) throws(ConfigJSONReader.SyntaxError) -> ConfigJSONReader.Document {
        try ConfigJSONReader.parse(Array(text.utf8))
    }

    func syntaxError(_ text: String) -> ConfigJSONReader.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch { return error }
    }

    @Test("values of every JSON type are read")
    func values() throws {
        let doc = try parse(#"{"a": [1, -2.5e1, 0], "b": {"c": null}, "d": true, "e": false, "f": "x"}"#)
        #expect(
            doc.value
                == .object([
                    "a": .array([.number(1), .number(-25), .number(0)]),
                    "b": .object(["c": .null]), "d": .bool(true), "e": .bool(false), "f": .string("x"),
                ]))
    }

    @Test("string escapes, including surrogate pairs, are decoded")
    func escapes() throws {
        let doc = try parse(#"["a\"b\\c\/d\n\t", "\u00e9\u4e2d", "\ud83d\ude00"]"#)
        #expect(doc.value == .array([.string("a\"b\\c/d\n\t"), .string("é中"), .string("😀")]))
    }

    @Test("UTF-8 text and a byte order mark are accepted")
    func utf8() throws {
        let doc = try ConfigJSONReader.parse([0xEF, 0xBB, 0xBF] + Array(#"{"t": "深夜食堂"}"#.utf8))
        #expect(doc.value == .object(["t": .string("深夜食堂")]))
    }

    @Test("each key path remembers the line its value starts on")
    func lines() throws {
        let doc = try parse("{\n  \"a\": 1,\n  \"w\": [\n    { \"x\": 2 },\n    { \"y\": [3,\n 4] }\n  ]\n}")
        #expect(doc.lines["a"] == 2)
        #expect(doc.lines["w"] == 3)
        #expect(doc.lines["w[0].x"] == 4)
        #expect(doc.lines["w[1].y"] == 5)
        #expect(doc.lines["w[1].y[1]"] == 6)
    }

    @Test("syntax errors give the line and column of the offending character")
    func errorPositions() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}'"),
            ("{\"a\": [1, 2,]}", 1, 13, "a comma may not come before ']'"),
            ("{\"a\": tru}", 1, 7, "did you mean true?"),
            ("{\"a\": 'x'}", 1, 7, "expected a value"),
            ("{\"a\": 01}", 1, 8, "leading zeros"),
            ("{\"a\": 1.}", 1, 9, "after the decimal point"),
            ("{\"a\": \"x\ny\"}", 1, 9, "may not span lines"),
            ("{\"a\": \"\\q\"}", 1, 9, "invalid escape"),
            ("{a: 1}", 1, 2, "expected a key in double quotes"),
            ("{\"a\" 1}", 1, 6, "expected ':'"),
            ("{} {}", 1, 4, "after the end of the document"),
            ("  ", 1, 3, "the file is empty"),
            ("{\"a\": 1} // note", 1, 10, "comments are not allowed"),
            ("[\"\\ud800\"]", 1, 9, "low surrogate"),
        ]
        for (text, line, column, reason) in cases {
            let e = syntaxError(text)
            #expect(e?.line == line, "\(text)")
            #expect(e?.column == column, "\(text)")
            #expect(e?.reason.contains(reason) == true, "\(text): \(e?.reason ?? "no error")")
        }
    }

    @Test("nesting beyond the limit is an error, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(syntaxError(text)?.reason.contains("nesting deeper") == true)
    }
}
