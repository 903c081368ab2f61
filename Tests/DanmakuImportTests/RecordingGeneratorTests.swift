import Foundation
import Testing

@testable import DanmakuImport

@Suite("Recording generator")
struct RecordingGeneratorTests {
    let generator = DanmakuRecordingGenerator(seed: 2024, minutes: 30, danmaku: 3_000, gifts: 200, superChats: 20, memberships: 30)

    @Test("a written recording reads back as the same records in the same order", arguments: DanmakuFileFormat.allCases)
    func roundTrip(format: DanmakuFileFormat) throws {
        let url = try DanmakuFixture.temporaryFile("")
        defer { DanmakuFixture.remove(url) }
        let written = try generator.write(to: url, format: format)
        let (read, summary) = try DanmakuFixture.readAll(url)
        let expected = Array(generator.records(in: format))
        #expect(written == expected.count)
        #expect(summary.format == format)
        #expect(summary.totalSkipped == 0)
        #expect(DanmakuFixture.withoutPositions(read) == expected)
    }

    @Test("a recording has the requested number of each kind; a Bilibili file only the comments")
    func counts() {
        let kinds = Dictionary(grouping: generator.records(), by: \.kind).mapValues(\.count)
        #expect(kinds == [.danmaku: 3_000, .gift: 200, .superChat: 20, .membership: 30])
        #expect(Array(generator.records(in: .bilibili)).count == 3_000)
    }

    @Test("times are sorted and within the recording")
    func sortedTimes() {
        let times = generator.records().map(\.time)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 >= 0 && $0 <= 30 * 60 })
    }

    @Test("the same seed gives the same records and a different seed different ones")
    func deterministic() {
        let again = DanmakuRecordingGenerator(seed: 2024, minutes: 30, danmaku: 3_000, gifts: 200, superChats: 20, memberships: 30)
        let other = DanmakuRecordingGenerator(seed: 2025, minutes: 30, danmaku: 3_000, gifts: 200, superChats: 20, memberships: 30)
        #expect(Array(again.records()) == Array(generator.records()))
        #expect(Array(other.records()) != Array(generator.records()))
    }

    @Test("generated text mixes Latin, CJK, emoji and characters that need escaping")
    func mixedText() {
        let text = DanmakuFixture.danmaku(Array(generator.records())).map(\.text).joined()
        #expect(text.unicodeScalars.contains { $0.properties.isEmojiPresentation })
        #expect(text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) })
        #expect(text.contains("&") && text.contains("<") && text.contains("lol"))
    }

    @Test("a video's comments are shaped like Bilibili's files: sent in order but not in time order, one in eight mode 7, long lines")
    func videoComments() throws {
        var video = DanmakuRecordingGenerator(seed: 2024, minutes: 30, danmaku: 4_000)
        video.shape = .videoComments
        let records = DanmakuFixture.danmaku(Array(video.records(in: .bilibili)))
        #expect(records.count == 4_000)
        let times = records.map(\.time)
        #expect(times != times.sorted() && times.allSatisfy { $0 >= 0 && $0 <= 30 * 60 })
        let sent = records.compactMap(\.sentAt)
        #expect(sent == sent.sorted(), "in the order they were sent")
        let positioned = records.filter { if case .positioned = $0.mode { true } else { false } }.count
        #expect((350...650).contains(positioned), "about one in eight: \(positioned)")
        #expect(records.contains { $0.text.count >= 24 }, "a long line now and then")
        // The same records read back from the file.
        let url = try DanmakuFixture.temporaryFile("", name: "video.xml")
        defer { DanmakuFixture.remove(url) }
        try video.write(to: url, format: .bilibili)
        let (read, summary) = try DanmakuFixture.readAll(url)
        #expect(summary.totalSkipped == 0 && DanmakuFixture.withoutPositions(read) == Array(video.records(in: .bilibili)))
    }
}
