import Foundation
import Testing

@testable import DanmakuImport

@Suite("Files that cannot be read")
struct FatalErrorTests {
    private func error(opening url: URL) -> DanmakuImportError? {
        do {
            _ = try DanmakuFileReader(contentsOf: url)
            return nil
        } catch let error as DanmakuImportError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test("a missing file names the file and says to check the path")
    func missingFile() {
        let error = error(opening: DanmakuFixture.url("no-such-file.xml"))
        #expect(error?.kind == .fileNotFound)
        #expect(error?.message.hasPrefix(DanmakuFixture.url("no-such-file.xml").path + ": no such file; check the path") == true)
    }

    @Test("an empty file says it is empty and what was expected")
    func emptyFile() {
        let error = error(opening: DanmakuFixture.url("empty.xml"))
        #expect(error?.kind == .empty)
        #expect(
            error?.message == DanmakuFixture.url("empty.xml").path
                + #": the file is empty; expected a Bilibili danmaku XML (<i><d p="…">…</d></i>) or a BililiveRecorder recording"#)
    }

    @Test("a file of only whitespace or only a byte-order mark counts as empty")
    func blankFile() throws {
        #expect(error(opening: try DanmakuFixture.temporaryFile(" \n\t\n"))?.kind == .empty)
        #expect(error(opening: try DanmakuFixture.temporaryFile([0xEF, 0xBB, 0xBF]))?.kind == .empty)
    }

    @Test("text that is not XML is quoted with its line and column")
    func notXML() {
        let error = error(opening: DanmakuFixture.url("not-xml.txt"))
        #expect(error?.kind == .notXML)
        #expect(error?.position == DanmakuSourcePosition(line: 1, column: 1))
        #expect(
            error?.message.hasPrefix(
                DanmakuFixture.url("not-xml.txt").path + ":1:1: found text “this is not XML, jus…” where XML markup should start") == true)
    }

    @Test("binary data is described by its first byte, not printed")
    func binary() throws {
        let error = error(opening: try DanmakuFixture.temporaryFile([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], name: "image.png"))
        #expect(error?.kind == .notXML)
        #expect(error?.message.contains("binary data (byte 0x89)") == true)
    }

    @Test("XML whose root is not <i> names the root it found and where")
    func wrongRoot() {
        let error = error(opening: DanmakuFixture.url("wrong-root.xml"))
        #expect(error?.kind == .missingRoot)
        #expect(
            error?.message.hasPrefix(DanmakuFixture.url("wrong-root.xml").path + ":2:1: found <html> instead of the root element <i>")
                == true)
    }

    @Test("a declaration with no element after it has no root")
    func declarationOnly() throws {
        let error = error(opening: try DanmakuFixture.temporaryFile("<?xml version=\"1.0\"?>\n<!-- nothing -->\n"))
        #expect(error?.kind == .missingRoot)
    }

    @Test("a UTF-16 file is refused with advice to re-save it as UTF-8")
    func utf16() throws {
        let error = error(opening: try DanmakuFixture.temporaryFile([0xFF, 0xFE] + Array("<\0i\0>\0".utf8)))
        #expect(error?.kind == .notUTF8)
        #expect(error?.message.contains("re-save it as UTF-8") == true)
    }

    @Test("a folder is unreadable, not missing")
    func folder() {
        #expect(error(opening: DanmakuFixture.folder())?.kind == .unreadable)
    }

    @Test("an empty root <i/> is a file with no records, not an error")
    func emptyRoot() throws {
        let (records, summary) = try DanmakuFixture.readAll(try DanmakuFixture.temporaryFile("<i/>"))
        #expect(records.isEmpty)
        #expect(summary.totalSkipped == 0)
    }
}
