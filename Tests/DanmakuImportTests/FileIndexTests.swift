import Foundation
import Testing

@testable import DanmakuImport

/// `DanmakuFileIndex`: a file read once into a time index, its records decoded when asked.
@Suite("A danmaku file's time index")
struct FileIndexTests {
    /// The reader's records in the order an index plays them: by time, file order among
    /// equal times, positions aside (an index does not keep them for good records).
    static func played(_ url: URL) throws -> (records: [DanmakuFileRecord], summary: DanmakuImportSummary) {
        let (records, summary) = try DanmakuFixture.readAll(url)
        let ordered = records.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return (DanmakuFixture.withoutPositions(ordered), summary)
    }

    @Test("every record decoded from the index is the reader's record, in time order", arguments: DanmakuFileFormat.allCases)
    func sameRecordsAsTheReader(format: DanmakuFileFormat) throws {
        let url = try DanmakuFixture.temporaryFile("", name: "index.xml")
        defer { DanmakuFixture.remove(url) }
        var generator = DanmakuRecordingGenerator(seed: 5, minutes: 3, danmaku: 3_000, gifts: 40, superChats: 5, memberships: 3)
        generator.shape = format == .bilibili ? .videoComments : .liveRecording
        try generator.write(to: url, format: format)
        let expected = try Self.played(url)
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.count == expected.records.count)
        #expect(index.entries == index.entries.sorted())
        let decoded = (0..<index.count).compactMap(index.record(at:))
        #expect(decoded == expected.records)
        #expect(index.summary == expected.summary)
        #expect(index.fileBytes == (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int))
    }

    @Test("seeking finds the first record after a time without decoding any")
    func seeks() throws {
        let url = try DanmakuFixture.bilibili(
            #"<d p="3,1,25,0">c</d><d p="1,1,25,0">a</d><d p="2,1,25,0">b</d><d p="2,1,25,0">b2</d>"#)
        defer { DanmakuFixture.remove(url) }
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.entries.map(\.time) == [1, 2, 2, 3])
        #expect(index.position(after: 0) == 0 && index.position(after: 1) == 1 && index.position(after: 2) == 3)
        #expect(index.position(after: 3) == 4)
        let texts = (1..<3).compactMap { index.record(at: $0) }.compactMap { if case .danmaku(let d) = $0 { d.text } else { nil } }
        #expect(texts == ["b", "b2"], "equal times keep file order")
    }

    @Test("a record bad only in its text or its mode-7 script is indexed, then skipped when decoded, once, at its line")
    func lateFailures() throws {
        let url = try DanmakuFixture.bilibili(
            """
            <d p="1,1,25,0">fine</d>
            <d p="2,1,25,0">bad &bogus; entity</d>
            <d p="3,7,25,0">[not json</d>
            <d p="4,1,25,0">fine too</d>
            """)
        defer { DanmakuFixture.remove(url) }
        let (_, readerSummary) = try DanmakuFixture.readAll(url)
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.count == 4)
        #expect(index.summary.totalSkipped == 0, "the scan does not decode texts")
        #expect(index.record(at: 0) != nil && index.record(at: 3) != nil)
        #expect(index.record(at: 1) == nil && index.record(at: 2) == nil)
        #expect(index.record(at: 1) == nil, "asked again, still nil, counted once")
        let summary = index.summary
        #expect(summary.totalRecords == 2 && summary.totalSkipped == 2)
        #expect(summary == readerSummary, "the same counts and issues, with the same lines and columns, as reading the file")
        #expect(summary.firstIssues.map(\.position.line) == [4, 5])
    }

    @Test("a record found bad late, past many others, is placed by line and column counted from a checkpoint")
    func lateFailureFarIn() throws {
        let lines = (0..<4_000).map { #"<d p="\#($0),1,25,0">第\#($0)条 comment</d>"# }
        let body = lines.joined(separator: "\n") + "\n" + #"<d p="9000,1,25,0">x &oops; y</d>"#
        let url = try DanmakuFixture.bilibili(body)
        defer { DanmakuFixture.remove(url) }
        let (_, readerSummary) = try DanmakuFixture.readAll(url)
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.fileBytes > 128 * 1024, "far enough for several checkpoints")
        #expect(index.record(at: index.count - 1) == nil)
        #expect(index.summary.firstIssues == readerSummary.firstIssues)
        #expect(index.summary.firstIssues.first?.position == DanmakuSourcePosition(line: 4_003, column: 1))
    }

    @Test("issues met late go in file order among the first ones kept")
    func lateIssuesInFileOrder() throws {
        let bad = (0..<12).map { #"<d p="x\#($0),1,25,0">scan fails</d>"# }.joined(separator: "\n")
        let url = try DanmakuFixture.bilibili(#"<d p="50,1,25,0">early &bad; one</d>"# + "\n" + bad)
        defer { DanmakuFixture.remove(url) }
        let (_, readerSummary) = try DanmakuFixture.readAll(url)
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.summary.firstIssues.first?.position.line == 4, "before decoding, the scan's first ten")
        #expect(index.record(at: 0) == nil)
        #expect(index.summary == readerSummary, "the late issue on line 3 comes first and the eleventh scan issue drops out")
    }

    @Test("an index that would pass its memory limit is refused, naming the file, its size and where it stopped")
    func indexTooLarge() throws {
        let url = try DanmakuFixture.bilibili((0..<10).map { #"<d p="\#($0),1,25,0">x</d>"# }.joined(separator: "\n"))
        defer { DanmakuFixture.remove(url) }
        let limits = DanmakuImportLimits(indexBytes: 4 * MemoryLayout<DanmakuIndexEntry>.stride)
        let error = #expect(throws: DanmakuImportError.self) { try DanmakuFileIndex(contentsOf: url, limits: limits) }
        #expect(error?.kind == .indexTooLarge)
        let message = error?.description ?? ""
        #expect(message.contains(url.lastPathComponent), "\(message)")
        #expect(
            message.contains(":7:") && message.contains("bytes") && message.contains("4 records") && message.contains("split"), "\(message)"
        )
    }

    @Test("a file cut short after it was indexed loses the records that are gone, counted, and keeps the rest")
    func fileTruncatedAfterIndexing() throws {
        let url = try DanmakuFixture.bilibili((0..<50).map { #"<d p="\#($0),1,25,0">comment \#($0)</d>"# }.joined(separator: "\n"))
        defer { DanmakuFixture.remove(url) }
        let index = try DanmakuFileIndex(contentsOf: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(index.entries[25].offset + 5))
        try handle.close()
        #expect(index.record(at: 10) != nil)
        #expect(index.record(at: 25) == nil && index.record(at: 49) == nil)
        let summary = index.summary
        #expect(summary.skipped[.readFailed] == 2 && summary.totalRecords == 48)
        #expect(summary.firstIssues.first?.message.contains("changed after it was read") == true)
    }

    @Test("a gift whose bytes are gone is counted out of the gifts, not the danmaku")
    func goneGiftKeepsItsKind() throws {
        let url = try DanmakuFixture.temporaryFile(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <i>
            <d p="1,1,25,0" user="a">hello</d>
            <gift ts="2" giftname="辣条" giftcount="1" price="0.1" user="b" uid="2" />
            </i>
            """)
        defer { DanmakuFixture.remove(url) }
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.entries.map(\.kind) == [.danmaku, .gift])
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(index.entries[1].offset))
        try handle.close()
        #expect(index.record(at: 1) == nil)
        #expect(index.summary.records == [.danmaku: 1] && index.summary.skipped == [.readFailed: 1])
    }

    @Test("a recording cut off mid-record is indexed up to the cut, which is one issue")
    func truncatedRecording() throws {
        let url = DanmakuFixture.url("truncated-recording.xml")
        let (records, readerSummary) = try DanmakuFixture.readAll(url)
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.count == records.count)
        #expect(index.summary.skipped[.truncatedFile] == readerSummary.skipped[.truncatedFile])
        #expect(index.summary.skipped[.truncatedFile] == 1)
    }

    @Test("an element far over the element limit is skipped at its line without being held, and the rest are indexed")
    func hugeElement() throws {
        let huge = #"<d p="2,1,25,0">"# + String(repeating: "弹", count: 400_000) + "</d>"
        let url = try DanmakuFixture.bilibili(#"<d p="1,1,25,0">before</d>"# + "\n" + huge + "\n" + #"<d p="3,1,25,0">after</d>"#)
        defer { DanmakuFixture.remove(url) }
        let index = try DanmakuFileIndex(contentsOf: url)
        #expect(index.entries.map(\.time) == [1, 3])
        #expect(index.summary.skipped[.elementTooLarge] == 1)
        #expect(index.summary.firstIssues.first?.position.line == 4)
    }

    @Test("an entry packs its offset and length in 16 bytes, and refuses what does not fit")
    func entryPacking() throws {
        #expect(MemoryLayout<DanmakuIndexEntry>.stride == 16)
        for kind in DanmakuRecordKind.allCases {
            let entry = try #require(DanmakuIndexEntry(time: 1.5, offset: 123_456_789_012, length: 70_000, kind: kind))
            #expect(entry.offset == 123_456_789_012 && entry.length == 70_000 && entry.time == 1.5 && entry.kind == kind)
            let longest = try #require(
                DanmakuIndexEntry(
                    time: 0, offset: DanmakuIndexEntry.maximumOffset, length: DanmakuIndexEntry.maximumLength, kind: kind))
            #expect(longest.kind == kind && longest.length == DanmakuIndexEntry.maximumLength)
        }
        #expect(DanmakuIndexEntry(time: 0, offset: DanmakuIndexEntry.maximumOffset + 1, length: 1, kind: .gift) == nil)
        #expect(DanmakuIndexEntry(time: 0, offset: 0, length: DanmakuIndexEntry.maximumLength + 1, kind: .gift) == nil)
        #expect(DanmakuIndexEntry(time: 0, offset: -1, length: 1, kind: .gift) == nil)
    }
}
