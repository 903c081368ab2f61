import Foundation
import Testing

@testable import DanmakuImport

@Suite("Bilibili danmaku files")
struct BilibiliFileTests {
    let records: [DanmakuRecord]
    let summary: DanmakuImportSummary

    init() throws {
        let (all, summary) = try DanmakuFixture.readAll(DanmakuFixture.url("bilibili-all-modes.xml"))
        records = DanmakuFixture.danmaku(all)
        self.summary = summary
    }

    @Test("a Bilibili file is detected as Bilibili and yields every comment except code and BAS")
    func countsAndFormat() {
        #expect(summary.format == .bilibili)
        #expect(records.count == 12)
        #expect(summary.records == [.danmaku: 12])
        #expect(summary.skipped == [.unsupportedMode: 2])
    }

    @Test("modes 1, 2 and 3 scroll, 4 is bottom, 5 is top and 6 is reverse")
    func simpleModes() {
        #expect(records[0...2].map(\.mode) == [.scroll, .scroll, .scroll])
        #expect(records[3].mode == .bottom)
        #expect(records[4].mode == .top)
        #expect(records[5].mode == .reverse)
    }

    @Test("the p fields give time, size, color, sent time, pool, sender hash and row id")
    func parameterFields() {
        let bottom = records[3]
        #expect(bottom.time == 4.125)
        #expect(bottom.size == .small)
        #expect(bottom.color == 0xFF0000)
        #expect(bottom.sentAt == Date(timeIntervalSince1970: 1_584_268_895))
        #expect(bottom.pool == 0)
        #expect(bottom.senderHash == "4fe08d3")
        #expect(bottom.rowID == 29_950_852_386_521_098)
        #expect(bottom.userName == nil && bottom.userID == nil)
        #expect(records[4].size == .large && records[4].color == 0x00FF00)
    }

    @Test("sizes other than 18, 25 and 36 map to the nearest of them")
    func nearestSizes() {
        #expect(records[9].size == .small)  // 12
        #expect(records[10].size == .normal)  // 30
        #expect(records[11].size == .large)  // 64
    }

    @Test("the five predefined entities decode in text")
    func predefinedEntities() {
        #expect(records[3].text == "bottom & small")
        #expect(records[4].text == "top <large>")
        #expect(records[5].text == "reverse \"quoted\" 'single'")
    }

    @Test("a CDATA section keeps markup characters as text")
    func cdata() {
        #expect(records[8].text == "CDATA <keeps> & raw tail")
    }

    @Test("decimal and hex character references decode, and single quotes and spaces in p are accepted")
    func characterReferences() {
        #expect(records[9].text == "single quotes 我😀")
        #expect(records[9].time == 12.75)
    }

    @Test("whitespace around = and a self-closing <d/> are read, the latter with empty text")
    func unusualTags() {
        #expect(records[10].text == "size thirty")
        #expect(records[11].text.isEmpty)
        #expect(records[11].time == 14)
    }

    @Test("a mode-7 script in fractions gives start, end, alpha, duration, move time, delay and its own text")
    func positionedInFractions() throws {
        let record = records[6]
        guard case .positioned(let motion) = record.mode else {
            Issue.record("not positioned: \(record.mode)")
            return
        }
        #expect(record.text == "高级弹幕\n第二行")
        #expect(motion.coordinates == .fractionOfScreen)
        #expect(motion.start == .init(x: 0.1, y: 0.2))
        #expect(motion.end == .init(x: 0.8, y: 0.9))
        #expect(motion.alphaFrom == 1 && motion.alphaTo == 0.5)
        #expect(motion.duration == 4.5)
        #expect(motion.rotationZ == 30 && motion.rotationY == 0)
        #expect(motion.moveDuration == 1.5)
        #expect(motion.moveDelay == 0.25)
        #expect(record.pool == 2)
    }

    @Test("a mode-7 script written with strings and pixel coordinates is read as pixels")
    func positionedInPixels() {
        guard case .positioned(let motion) = records[7].mode else {
            Issue.record("not positioned")
            return
        }
        #expect(records[7].text == "pixels")
        #expect(motion.coordinates == .pixels)
        #expect(motion.start == .init(x: 100, y: 200))
        #expect(motion.end == .init(x: 300, y: 400))
        #expect(motion.alphaFrom == 0.8 && motion.alphaTo == 0.8)
        #expect(motion.duration == 3)
        #expect(motion.moveDuration == 2)
    }

    @Test("every record carries the line and column where its element starts")
    func positions() {
        #expect(records[0].position == DanmakuSourcePosition(line: 11, column: 1))
        #expect(records[11].position == DanmakuSourcePosition(line: 24, column: 1))
    }

    @Test("code and BAS comments are skipped with their line and a reason")
    func unsupportedModes() {
        let issues = summary.firstIssues
        #expect(issues.map(\.reason) == [.unsupportedMode, .unsupportedMode])
        #expect(issues.map(\.position.line) == [19, 20])
        #expect(issues[0].description == "bilibili-all-modes.xml:19:1: <d> mode 8 (code danmaku) is not supported")
    }

    @Test("a mode-7 script with only the required items defaults the rest")
    func positionedDefaults() throws {
        let (motion, text, _) = try PositionedMotionParser.parse(#"[0.5, 0.5, "1", 2, "hi"]"#).get()
        #expect(text == "hi")
        #expect(motion.end == motion.start)
        #expect(motion.moveDuration == 0 && motion.moveDelay == 0)
        #expect(motion.coordinates == .fractionOfScreen)
    }

    @Test(
        "a mode-7 script's items: numbers in either form, escapes decoded, the rest kept as other",
        arguments: [
            (
                #"[1e2, "-3", "\ud83d\ude00 a\nb", [1, [2]], {"k": "]"}, true, null]"#,
                [.number(100), .string("-3"), .string("😀 a\nb"), .other, .other, .other, .other]
            ),
            (#" [ 0.5 , +2 ] "#, [.number(0.5), .number(2)]),
            (#"[]"#, []),
        ] as [(String, [PositionedMotionParser.Value])])
    func positionedItems(json: String, expected: [PositionedMotionParser.Value]) {
        #expect(PositionedMotionParser.array(json) == expected)
    }

    @Test(
        "text that is not a JSON array of decimal items is refused whole",
        arguments: [#"{"0": 1}"#, #"[1, 2"#, #"[1] trailing"#, #"[nan]"#, #"[1-2]"#, #"["open]"#, ""])
    func positionedRefused(json: String) {
        #expect(PositionedMotionParser.array(json) == nil)
        #expect(throws: PositionedMotionParser.MotionError.self) { try PositionedMotionParser.parse(json).get() }
    }
}
