import Foundation
import Testing

@testable import DanmakuImport

@Suite("Cut-off recordings")
struct TruncationTests {
    @Test("a recording that ends mid-element keeps every record before it and counts one issue")
    func truncatedFixture() throws {
        let (records, summary) = try DanmakuFixture.readAll(DanmakuFixture.url("truncated-recording.xml"))
        #expect(records.map(\.kind) == [.danmaku, .danmaku, .gift, .danmaku])
        #expect(summary.skipped == [.truncatedFile: 1])
        let issue = try #require(summary.firstIssues.first)
        #expect(issue.position == DanmakuSourcePosition(line: 11, column: 3))
        #expect(issue.message.contains("the file ends inside <d>"))
        #expect(summary.recordingInfo?.title == "cut off")
    }

    @Test("a recording that stops between elements without </i> also counts one issue")
    func missingRootEnd() throws {
        let url = try DanmakuFixture.temporaryFile("<i>\n<d p=\"1,1,25,0\">a</d>\n")
        let (records, summary) = try DanmakuFixture.readAll(url)
        #expect(records.count == 1)
        #expect(summary.skipped == [.truncatedFile: 1])
        #expect(summary.firstIssues.first?.message == "the file ends without </i>; the recording was probably cut off")
    }

    @Test("whatever byte a recording is cut at, it reads a prefix of the whole file's records and at most one issue")
    func everyCut() throws {
        let whole = try Data(contentsOf: DanmakuFixture.url("bililiverecorder-recording.xml"))
        let (all, _) = try DanmakuFixture.readAll(DanmakuFixture.url("bililiverecorder-recording.xml"))
        let rootStart = whole.range(of: Data("<i>".utf8))!.upperBound
        for cut in rootStart...whole.count {
            let url = try DanmakuFixture.temporaryFile(Array(whole.prefix(cut)))
            let (records, summary) = try DanmakuFixture.readAll(url)
            #expect(Array(all.prefix(records.count)) == records, "cut at \(cut)")
            #expect(summary.totalSkipped <= 1, "cut at \(cut): \(summary)")
            if cut < whole.count - 5 { #expect(summary.skipped[.truncatedFile] == 1, "cut at \(cut)") }
            DanmakuFixture.remove(url)
        }
    }

    @Test("a generated recording left open reads all its records and one truncation")
    func generatedOpenRecording() throws {
        let url = try DanmakuFixture.temporaryFile("")
        defer { DanmakuFixture.remove(url) }
        let generator = DanmakuRecordingGenerator(seed: 7, minutes: 1, danmaku: 50, gifts: 5)
        let writer = try DanmakuXMLWriter(url: url, format: .bililiveRecorder)
        for record in generator.records() { try writer.write(record) }
        try writer.finish(closingRoot: false)
        let (records, summary) = try DanmakuFixture.readAll(url)
        #expect(records.count == 55)
        #expect(summary.skipped == [.truncatedFile: 1])
    }
}
