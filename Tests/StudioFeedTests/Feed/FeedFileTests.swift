import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import DanmakuImport
@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku files and recordings played as a room's feed")
struct FeedFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Danmaku")

    static func file(_ name: String) throws -> FeedFile { try FeedFile.load(fixtures.appendingPathComponent(name)) }

    @Test("a recording's records become the room's notes in time order: comments with their look, a gift, a super chat, memberships")
    func recordingNotes() throws {
        let file = try Self.file("bililiverecorder-recording.xml")
        #expect(file.format == .bililiveRecorder)
        #expect(file.allNotes().map(\.time) == file.allNotes().map(\.time).sorted())
        let names = file.allNotes().map(\.note.name)
        #expect(
            names == [
                EventKey.commentArrived.name, EventKey.giftArrived.name, EventKey.superChatArrived.name,
                EventKey.membershipBought.name, EventKey.membershipBought.name, EventKey.commentArrived.name,
            ])
        let top = try #require(file.allNotes().last?.note.value(.commentArrived))
        #expect(top.text == "顶部 🎉" && top.user == "观众F")
        #expect(top.danmaku == DanmakuLook(color: Color(r: 255, g: 0, b: 0, a: 255), mode: .top, size: .normal))
        let gift = try #require(file.allNotes()[1].note.value(.giftArrived))
        #expect(gift.gift.name == "辣条" && gift.count == 10 && gift.sender == "观众B")
        let chat = try #require(file.allNotes()[2].note.value(.superChatArrived))
        #expect(chat == SuperChat(user: "观众C", message: "主播加油 & 早点休息", price: 30, seconds: 60))
        let governor = try #require(file.allNotes()[4].note.value(.membershipBought))
        #expect(governor == Membership(user: "观众E", level: .governor, months: 2))
    }

    @Test("a Bilibili file listed out of time order plays in time order, each mode mapped, positioned danmaku within the band")
    func bilibiliModes() throws {
        let file = try Self.file("bilibili-all-modes.xml")
        #expect(file.allNotes().map(\.time) == file.allNotes().map(\.time).sorted())
        let looks = file.allNotes().compactMap { $0.note.value(.commentArrived)?.danmaku }
        let kinds = Set(looks.map(\.mode.kind))
        #expect(kinds.isSuperset(of: [.scroll, .top, .bottom, .reverse, .positioned]), "\(kinds)")
        for case .positioned(let motion) in looks.map(\.mode) {
            for p in [motion.start, motion.end] { #expect((0...1).contains(p.x) && (0...1).contains(p.y)) }
        }
    }

    @Test("the notes between two positions are found by binary search, a seek backwards finds none")
    func notesBetween() throws {
        let file = try Self.file("bililiverecorder-recording.xml")
        #expect(file.notes(after: 0, upTo: 3).map(\.time) == [1.234, 2.5])
        #expect(file.notes(after: 3.75, upTo: 5.5).map(\.time) == [4.0, 5.5])
        #expect(file.notes(after: 5, upTo: 2).isEmpty)
        #expect(file.duration == 6.125)
    }

    @Test("a file whose index would pass its memory limit is refused with the reader's error")
    func indexLimitPassedOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ten.xml")
        let lines = (0..<10).map { #"<d p="\#($0),1,25,0">x</d>"# }.joined(separator: "\n")
        try Data("<?xml version=\"1.0\"?><i>\n\(lines)\n</i>".utf8).write(to: url)
        let limits = DanmakuImportLimits(indexBytes: 4 * MemoryLayout<DanmakuIndexEntry>.stride)
        let error = #expect(throws: DanmakuImportError.self) { try FeedFile.load(url, limits: limits) }
        #expect(error?.kind == .indexTooLarge, "\(String(describing: error))")
    }

    @Test("an empty file and a file whose every element is bad are refused, naming the file and why")
    func nothingToPlay() throws {
        let empty = #expect(throws: DanmakuImportError.self) { try Self.file("empty.xml") }
        #expect(empty?.description.contains("empty.xml") == true)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.xml")
        try Data(#"<?xml version="1.0"?><i><d p="x,1,25,1">a</d><d p="1">b</d></i>"#.utf8).write(to: bad)
        let error = #expect(throws: FeedFileError.self) { try FeedFile.load(bad) }
        let text = error?.description ?? ""
        #expect(text.contains("bad.xml") && text.contains("all 2 elements were skipped") && text.contains(":1:"), "\(text)")
        let none = folder.appendingPathComponent("none.xml")
        try Data("<i></i>".utf8).write(to: none)
        #expect((#expect(throws: FeedFileError.self) { try FeedFile.load(none) })?.description.contains("holds no danmaku") == true)
    }

    @Test("the feed plays a file's notes into the current room at their times, and the room's own chat stops")
    func feedCorePlaysFile() throws {
        let file = try Self.file("bililiverecorder-recording.xml")
        let room = RoomDirectory.demoRooms[0]
        var core = FeedCore(seed: 1, file: file) { _ in .live }
        _ = core.apply(.driver(.roomEntered(room)))
        let notes = core.apply(.driver(.advance(to: 10))).map(\.note)
        let fromFile = notes.filter {
            [
                EventKey.commentArrived.name, EventKey.giftArrived.name,
                EventKey.superChatArrived.name, EventKey.membershipBought.name,
            ].contains($0.name)
        }
        #expect(fromFile.count == file.allNotes().count, "only the file's comments and gifts: \(fromFile.map(\.name))")
        #expect(fromFile.allSatisfy { $0.roomID == room.id })
    }

    @Test("in the playback room the feed leaves the file to the room, which replays it by the bar's position")
    func playbackSkipsFeed() throws {
        let file = try Self.file("bililiverecorder-recording.xml")
        let playback = try #require(RoomDirectory.demoRooms.first { $0.kind == StudioKinds.playback })
        var core = FeedCore(seed: 1, file: file) { _ in .playback }
        _ = core.apply(.driver(.roomEntered(playback)))
        #expect(core.apply(.driver(.advance(to: 10))).allSatisfy { $0.note.name != EventKey.commentArrived.name })
    }
}

@Suite("A danmaku file replayed by the playback room")
struct PlaybackFeedFileTests {
    @Test("the playback room replays the file's notes as its bar passes them; a seek skips those between")
    func replaysByPosition() throws {
        let file = try FeedFileTests.file("bililiverecorder-recording.xml")
        var spec = SceneSpec(room: "studio://room/107?type=playback", frames: 2)
        spec.feedFile = file
        let scene = try StudioScene(spec, assets: FeedFileTests.assets, measurer: ApproximateTextMeasurer())
        let studio = scene.driver.studio
        let bar = try #require(studio.root.first(named: "playbackBar") as? PlaybackBarWidget)
        let list = try #require(studio.root.first(named: "commentList") as? CommentListWidget)
        let chips = try #require(studio.root.first(named: "superChat") as? SuperChatWidget)
        #expect(!list.comments.contains { $0.text == "晚上好" }, "the bar starts past the file's notes")
        bar.seek(toFraction: 0)
        try scene.run(frames: 8 * 60)
        #expect(list.comments.contains { $0.text == "晚上好" })
        #expect(list.comments.contains { $0.text == "顶部 🎉" })
        #expect(chips.received == 1)
        // Back to the start, then straight past the notes: nothing is replayed twice, and the
        // barrage of the old position leaves with the seek.
        let danmaku = try #require(studio.root.first(named: "danmaku") as? DanmakuWidget)
        #expect(danmaku.onScreen > 0)
        bar.seek(toFraction: 0)
        try scene.run(frames: 1)
        #expect(danmaku.stats.cleared > 0 && danmaku.stats.isBalanced)
        bar.seek(toFraction: 0.5)
        try scene.run(frames: 60)
        #expect(list.comments.filter { $0.text == "晚上好" }.count == 1)
    }
}

extension FeedFileTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets")
}
