import Foundation
import Testing

@testable import DanmakuImport

@Suite("Skipping bad elements")
struct SkipReasonTests {
    let records: [DanmakuRecord]
    let summary: DanmakuImportSummary

    init() throws {
        let (all, summary) = try DanmakuFixture.readAll(
            DanmakuFixture.url("bad-elements.xml"),
            limits: DanmakuImportLimits(keptIssues: 100))
        records = DanmakuFixture.danmaku(all)
        self.summary = summary
    }

    @Test("the good elements around the bad ones are all read")
    func goodOnesSurvive() {
        #expect(records.map(\.text) == ["good one", "after the unclosed one", "last good"])
        #expect(records.map(\.position.line) == [3, 13, 21])
    }

    @Test(
        "each bad element is skipped with its reason, line and column",
        arguments: [
            (4, DanmakuSkipReason.tooFewFields), (5, .nonNumericField), (6, .nonFiniteNumber), (7, .nonNumericField),
            (8, .negativeTime), (9, .unknownMode), (10, .badEntity), (11, .badEntity), (12, .unclosedElement),
            (14, .missingAttribute), (15, .badPositionedMotion), (16, .unknownMembershipLevel), (17, .missingAttribute),
            (18, .malformedTag), (19, .mismatchedEndTag), (20, .badEntity),
        ])
    func reasonAndPosition(line: Int, reason: DanmakuSkipReason) {
        let issue = summary.firstIssues.first { $0.position.line == line }
        #expect(issue?.reason == reason)
        #expect(issue?.position.column == 3)
    }

    @Test("skips are counted by reason and nothing else is skipped")
    func counts() {
        #expect(summary.totalSkipped == 16)
        #expect(summary.skipped[.badEntity] == 3)
        #expect(summary.skipped[.nonNumericField] == 2)
        #expect(summary.skipped[.truncatedFile] == nil)
    }

    @Test("an issue prints as file:line:column: message naming what was expected")
    func issueText() {
        let issue = summary.firstIssues.first { $0.position.line == 4 }
        #expect(
            issue?.description
                == #"bad-elements.xml:4:3: <d> has p="2,1,25" with 3 fields; expected at least time,mode,size,color"#)
        let entity = summary.firstIssues.first { $0.position.line == 10 }
        #expect(entity?.message.contains("&nbsp;") == true)
    }

    @Test("the summary keeps only the first few issues word for word but counts them all")
    func keptIssues() throws {
        let (_, summary) = try DanmakuFixture.readAll(
            DanmakuFixture.url("bad-elements.xml"),
            limits: DanmakuImportLimits(keptIssues: 3))
        #expect(summary.firstIssues.map(\.position.line) == [4, 5, 6])
        #expect(summary.totalSkipped == 16)
    }

    @Test("the summary's description is one line with records by kind and skips by reason")
    func summaryLine() {
        #expect(
            summary.description == "bad-elements.xml (bililiveRecorder): 3 records (3 danmaku); skipped 16 (1 unclosed element, "
                + "1 mismatched end tag, 1 malformed tag, 3 bad entity, 2 missing attribute, 1 too few fields, "
                + "2 non-numeric field, 1 non-finite number, 1 negative time, 1 unknown mode, 1 bad mode-7 script, "
                + "1 unknown membership level)")
        #expect(!summary.description.contains("\n"))
    }

    @Test("invalid UTF-8 in text is skipped and the next element is read")
    func invalidUTF8InText() throws {
        let bytes = Array(#"<i><d p="1,1,25,0">bad "#.utf8) + [0xC3, 0x28] + Array(#"</d><d p="2,1,25,0">ok</d></i>"#.utf8)
        let (records, summary) = try DanmakuFixture.readAll(try DanmakuFixture.temporaryFile(bytes))
        #expect(DanmakuFixture.danmaku(records).map(\.text) == ["ok"])
        #expect(summary.firstIssues.map(\.reason) == [.invalidUTF8])
        #expect(summary.firstIssues.first?.position == DanmakuSourcePosition(line: 1, column: 4))
    }

    @Test("invalid UTF-8 in an attribute is skipped")
    func invalidUTF8InAttribute() throws {
        let bytes = Array(#"<i><gift ts="1" user="a"#.utf8) + [0xFF] + Array(#"" giftname="g"/></i>"#.utf8)
        let (records, summary) = try DanmakuFixture.readAll(try DanmakuFixture.temporaryFile(bytes))
        #expect(records.isEmpty)
        #expect(summary.skipped == [.invalidUTF8: 1])
    }

    @Test("a giant attribute skips its element")
    func giantAttribute() throws {
        let raw = String(repeating: "x", count: 40_000)
        let url = try DanmakuFixture.bilibili(#"<d p="1,1,25,0" raw="\#(raw)">big</d><d p="2,1,25,0">next</d>"#)
        defer { DanmakuFixture.remove(url) }
        let (records, summary) = try DanmakuFixture.readAll(url)
        #expect(DanmakuFixture.danmaku(records).map(\.text) == ["next"])
        #expect(summary.skipped == [.attributeTooLarge: 1])
        #expect(summary.firstIssues.first?.position == DanmakuSourcePosition(line: 3, column: 1))
        #expect(summary.firstIssues.first?.message == "attribute raw of <d> is 40000 bytes; the limit is 32768")
    }

    @Test("an element over the size limit is skipped without being held, and reading goes on")
    func giantElement() throws {
        let text = String(repeating: "长", count: 100_000)
        let url = try DanmakuFixture.bilibili(#"<d p="1,1,25,0">\#(text)</d><d p="2,1,25,0">next</d>"#)
        defer { DanmakuFixture.remove(url) }
        let (records, summary) = try DanmakuFixture.readAll(url, limits: DanmakuImportLimits(chunkBytes: 4096))
        #expect(DanmakuFixture.danmaku(records).map(\.text) == ["next"])
        #expect(summary.skipped == [.elementTooLarge: 1])
        #expect(summary.firstIssues.first?.position == DanmakuSourcePosition(line: 3, column: 1))
    }

    @Test("a missing closing quote costs only its own element")
    func missingQuote() throws {
        let url = try DanmakuFixture.bilibili("<d p=\"1,1,25,0>broken</d>\n<d p=\"2,1,25,0\">next</d>")
        let (records, summary) = try DanmakuFixture.readAll(url)
        #expect(DanmakuFixture.danmaku(records).map(\.text) == ["next"])
        #expect(summary.skipped == [.malformedTag: 1])
    }
}
