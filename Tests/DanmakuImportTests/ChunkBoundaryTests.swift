import Foundation
import Testing

@testable import DanmakuImport

@Suite("Chunk boundaries")
struct ChunkBoundaryTests {
    @Test(
        "every chunk size from 1 to 97 bytes reads the same records and summary",
        arguments: [
            "bilibili-all-modes.xml", "bililiverecorder-recording.xml", "blrec-recording.xml",
            "bad-elements.xml", "truncated-recording.xml",
        ])
    func sameAtEveryChunkSize(fixture: String) throws {
        let url = DanmakuFixture.url(fixture)
        let (expected, expectedSummary) = try DanmakuFixture.readAll(url)
        for chunk in 1...97 {
            let (records, summary) = try DanmakuFixture.readAll(url, limits: DanmakuImportLimits(chunkBytes: chunk))
            #expect(records == expected, "chunk \(chunk)")
            #expect(summary == expectedSummary, "chunk \(chunk)")
        }
    }

    @Test("a large file read in small chunks keeps the window bounded")
    func boundedWindow() throws {
        let url = try DanmakuFixture.temporaryFile("")
        defer { DanmakuFixture.remove(url) }
        try DanmakuRecordingGenerator(seed: 3, minutes: 10, danmaku: 5_000).write(to: url)
        let limits = DanmakuImportLimits(chunkBytes: 512, elementBytes: 1024)
        let reader = try DanmakuFileReader(contentsOf: url, limits: limits)
        let initial = reader.window.capacity
        var count = 0
        var largest = 0
        while reader.next() != nil {
            count += 1
            largest = max(largest, reader.window.capacity)
        }
        #expect(count == 5_000)
        #expect(largest == initial)
        #expect(initial <= DanmakuFileFormat.detectionWindow + 2 * 512 + 1024 + 1024)
    }
}
