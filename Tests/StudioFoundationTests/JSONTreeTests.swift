import StudioFoundation
import Testing

@Suite("The package's JSON tree: order, holes and its lenient reader")
struct JSONTreeTests {
    @Test("text read and written again keeps member order, a repeated key and numbers' own text")
    func roundTrip() throws {
        let text = #"{"b":1,"a":[true,null,"x\n\u00e9"],"b":1e400,"n":-0.50}"#
        let tree = try #require(JSONTree<Never>.parse(Array(text.utf8)))
        guard case .object(let members) = tree else {
            Issue.record("not an object: \(tree)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b", "n"])
        #expect(String(decoding: tree.bytes(), as: UTF8.self) == #"{"b":1,"a":[true,null,"x\né"],"b":1e400,"n":-0.50}"#)
    }

    @Test("a pair of surrogate escapes is one character; a lone one is U+FFFD")
    func surrogates() {
        #expect(JSONTree<Never>.parse(Array(#""\ud83d\ude00!""#.utf8)) == .string("😀!"))
        #expect(JSONTree<Never>.parse(Array(#""\ud83d\u0041""#.utf8)) == .string("\u{FFFD}A"))
        #expect(JSONTree<Never>.parse(Array(#""\ude00""#.utf8)) == .string("\u{FFFD}"))
    }

    @Test("each hole is written by the writer's closure, in place")
    func holes() {
        let tree: JSONTree<Int> = ["cmd": "X", "at": .hole(7), "list": [.hole(8), 2]]
        var out: [UInt8] = []
        tree.write(into: &out) { n, out in out.append(contentsOf: "<\(n)>".utf8) }
        #expect(String(decoding: out, as: UTF8.self) == #"{"cmd":"X","at":<7>,"list":[<8>,2]}"#)
    }

    @Test("what is not JSON, or nests deeper than the reader goes, reads as nil")
    func refusals() {
        for text in ["", "{", "[1,]", #"{"a" 1}"#, "tru", #""open"#, "[1] 2"] {
            #expect(JSONTree<Never>.parse(Array(text.utf8)) == nil, "\(text)")
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(JSONTree<Never>.parse(Array(deep.utf8)) == nil)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(JSONTree<Never>.parse(Array(fine.utf8)) != nil)
    }

    @Test("a path names a value by index and member position, and setting it rebuilds the tree")
    func paths() {
        var tree: JSONTree<Never> = ["a": [1, 2], "b": "c"]
        #expect(tree.allPaths == [[], [0], [0, 0], [0, 1], [1]])
        tree[[0, 1]] = "two"
        #expect(tree[[0, 1]] == "two")
        #expect(String(decoding: tree.bytes(), as: UTF8.self) == #"{"a":[1,"two"],"b":"c"}"#)
    }
}
