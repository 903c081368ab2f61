import Foundation
import Testing

@testable import DanmakuImport

/// Bilibili's ways of writing a line break in a comment (`/n`, a backslash and n, CR LF)
/// become line feeds as files are read, in every mode, as the web players draw them.
@Suite("danmaku line breaks")
struct LineBreakTests {
    @Test(
        "/n, \\n, CR LF and CR become line feeds; those at the end make no line",
        arguments: [
            ("上/n下", "上\n下"),
            (#"上\n下"#, "上\n下"),
            ("a\r\nb\rc", "a\nb\nc"),
            ("██/n██/n/n", "██\n██"),
            ("/n/n中", "\n\n中"),
            ("no breaks here", "no breaks here"),
            ("a/b and \\x and n/", "a/b and \\x and n/"),
            ("", ""),
        ])
    func conventions(_ pair: (String, String)) {
        #expect(DanmakuLineBreaks.apply(pair.0) == pair.1)
    }

    @Test("a file's scrolling and positioned comments keep their line breaks as line feeds")
    func readFromAFile() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><i>
            <d p="1,1,25,16777215,1300000000,0,abc,1">第一行/n第二行</d>
            <d p="2,5,25,16777215,1300000000,0,abc,2">顶/n部</d>
            <d p="3,7,25,16777215,1300000000,0,abc,3">[10,20,"1-1",4,"█/n█\\n█",0,0]</d>
            </i>
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("breaks-\(UUID().uuidString).xml")
        try xml.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let texts = try DanmakuFileReader(contentsOf: url).compactMap { record -> String? in
            if case .danmaku(let d) = record { return d.text }
            return nil
        }
        #expect(texts == ["第一行\n第二行", "顶\n部", "█\n█\n█"])
    }
}
