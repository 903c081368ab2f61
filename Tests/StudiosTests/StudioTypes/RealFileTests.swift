import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import DanmakuImport
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// Danmaku files that Bilibili wrote, not LiveStudio: two from CommentCoreLibrary's test data
/// (MIT; see Tests/Fixtures/Danmaku/Real/README.md). One is a clip's positioned (mode 7)
/// comments, several of them words set vertically one character a line with `/n`; the other
/// an excerpt of a video's scrolling, top and bottom comments, with trailing and leading
/// `/n`. Read and played as the web players show them: no `/n` is left in any text, and a
/// comment's lines take the room they need.
@Suite("real Bilibili files")
struct RealFileTests {
    /// A real file other tools wrote, from Tests/Fixtures/Danmaku/Real.
    static func real(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Danmaku/Real/" + name)
    }

    static func records(_ name: String) throws -> (records: [DanmakuRecord], skipped: Int) {
        let reader = try DanmakuFileReader(contentsOf: Self.real("" + name))
        let records = reader.compactMap { record -> DanmakuRecord? in
            if case .danmaku(let d) = record { return d }
            return nil
        }
        return (records, reader.summary.skipped.values.reduce(0, +))
    }

    @Test("every positioned comment of a real clip is read, and its /n lines become lines")
    func sweetDevil() throws {
        let (records, skipped) = try Self.records("ccl-sweetdevil.xml")
        #expect(records.count == 220 && skipped == 0)
        #expect(records.allSatisfy { if case .positioned = $0.mode { true } else { false } })
        #expect(!records.contains { $0.text.contains("/n") })
        let vertical = try #require(records.first { $0.time == 60 })
        #expect(vertical.text == "在\n做\n夢\n嗎\n？\n只\n有\n對\n你")
        // "Sweet Devil/n": a break at the end makes no line.
        #expect(records.contains { $0.text == "Sweet Devil" })
        #expect(records.count { $0.text.contains("\n") } == 19)
    }

    @Test("a real video's comments lose their trailing /n, and keep leading ones as lines")
    func commentExcerpt() throws {
        let (records, skipped) = try Self.records("ccl-comment-excerpt.xml")
        #expect(records.count == 160 && skipped == 0)
        #expect(!records.contains { $0.text.contains("/n") })
        #expect(records.contains { $0.text == "迷之感动" })
        let pushedUp = try #require(records.first { $0.text.hasSuffix("私は2次元の女の子") })
        #expect(pushedUp.text == String(repeating: "\n", count: 12) + "私は2次元の女の子")
    }

    @Test("played in a room, the vertical words stand as columns of lines, one text size apart")
    func verticalWordsOnScreen() throws {
        let file = try FeedFile.load(Self.real("ccl-sweetdevil.xml"))
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let band = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        for timed in file.allNotes() where timed.time >= 60 && timed.time < 60.5 { f.studio.receiveFeed(timed.note) }
        f.step(3)
        let column = try #require(band.onScreenItems.first { $0.text.hasPrefix("在\n做") })
        let lines = 9.0
        let font = try #require(band.positionedFont(.small, motion: DanmakuMotion(start: .zero, stage: Size(width: 682, height: 438))))
        // Nine lines: one line's height and eight text sizes.
        #expect(abs(column.frame.height - (font.size * 1.2 + (lines - 1) * font.size)) <= 2, "\(column.frame)")
        #expect(column.frame.width < font.size * 1.5, "one character wide: \(column.frame)")
    }
}
