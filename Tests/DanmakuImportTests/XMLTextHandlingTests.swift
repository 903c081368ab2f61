import Foundation
import Testing

@testable import DanmakuImport

@Suite("XML text handling")
struct XMLTextHandlingTests {
    private func texts(_ body: String) throws -> [String] {
        DanmakuFixture.danmaku(try DanmakuFixture.readAll(try DanmakuFixture.bilibili(body)).0).map(\.text)
    }

    @Test("entities and character references decode in text, including astral-plane ones")
    func entitiesInText() throws {
        #expect(
            try texts(#"<d p="1,1,25,0">&lt;&gt;&amp;&quot;&apos; &#25105;&#x6211;&#x1F600;</d>"#)
                == [#"<>&"' 我我😀"#])
    }

    @Test("entities decode in attributes, and tabs and line breaks there become spaces")
    func attributes() throws {
        let url = try DanmakuFixture.bilibili("<d p=\"1,1,25,0\" user='a &amp; b\tc\nd'>x</d>")
        let record = try #require(DanmakuFixture.danmaku(try DanmakuFixture.readAll(url, format: .bililiveRecorder).0).first)
        #expect(record.userName == "a & b c d")
    }

    @Test("comments and processing instructions inside text are dropped, CDATA is kept verbatim")
    func markupInText() throws {
        #expect(try texts(#"<d p="1,1,25,0">a<!-- note -->b<?pi x?>c<![CDATA[<&>]]>d</d>"#) == ["abc<&>d"])
    }

    @Test("CRLF and lone CR line ends become LF in text, as XML requires")
    func lineEnds() throws {
        #expect(try texts("<d p=\"1,1,25,0\">one\r\ntwo\rthree</d>") == ["one\ntwo\nthree"])
    }

    @Test("a UTF-8 byte-order mark before the declaration is skipped and not counted as a column")
    func byteOrderMark() throws {
        let url = try DanmakuFixture.temporaryFile([0xEF, 0xBB, 0xBF] + Array(#"<i><d p="1,1,25,0">bom</d></i>"#.utf8))
        let records = DanmakuFixture.danmaku(try DanmakuFixture.readAll(url).0)
        #expect(records.map(\.text) == ["bom"])
        #expect(records.first?.position == DanmakuSourcePosition(line: 1, column: 4))
    }

    @Test("a DOCTYPE with an internal subset and comments before the root are skipped")
    func prolog() throws {
        let url = try DanmakuFixture.temporaryFile(
            "<?xml version=\"1.0\"?>\n<!-- a > b -->\n<!DOCTYPE i [ <!ENTITY x \"y\"> ]>\n<i><d p=\"1,1,25,0\">ok</d></i>")
        #expect(DanmakuFixture.danmaku(try DanmakuFixture.readAll(url).0).map(\.text) == ["ok"])
    }

    @Test("columns count Unicode scalars, so CJK text before an element does not inflate them")
    func columnsAreScalars() throws {
        let url = try DanmakuFixture.temporaryFile(#"<i><d p="1,1,25,0">中文</d><d p="2,1,25,0">x</d></i>"#)
        let records = DanmakuFixture.danmaku(try DanmakuFixture.readAll(url).0)
        #expect(records.map(\.position.column) == [4, 26])
    }

    @Test("text over the limit is cut between characters, never inside an emoji")
    func graphemeSafeCut() throws {
        let family = "👨‍👩‍👧"  // 18 bytes, one character
        let url = try DanmakuFixture.bilibili(#"<d p="1,1,25,0">ab\#(family)cd</d>"#)
        let (records, summary) = try DanmakuFixture.readAll(url, limits: DanmakuImportLimits(textBytes: 10))
        #expect(DanmakuFixture.danmaku(records).map(\.text) == ["ab"])
        #expect(summary.textsCut == 1)
        #expect("ab\(family)cd".prefix(utf8Bytes: 20) == "ab\(family)")
    }

    @Test("gift counts and prices out of range are clamped, not rejected")
    func clamping() throws {
        let url = try DanmakuFixture.bilibili(#"<gift ts="1" user="u" giftname="g" giftcount="99999999999" price="-5"/>"#)
        guard case .gift(let gift)? = try DanmakuFixture.readAll(url).0.first else {
            Issue.record("no gift")
            return
        }
        #expect(gift.count == 1_000_000)
        #expect(gift.unitPriceInYuan == 0)
    }
}
