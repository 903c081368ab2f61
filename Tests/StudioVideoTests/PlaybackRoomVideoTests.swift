import Foundation
import StudioAppCore
import StudioKit
import StudioTesting
import Studios
import Testing

@testable import StudioVideo

/// The playback room playing a real recording: its bar shows the file's length and follows
/// the player, and pausing or seeking on the bar pauses or seeks the stream.
@Suite struct PlaybackRoomVideoTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    func scene() throws -> (StudioScene, PlaybackBarWidget, VideoPlayerWidget) {
        var spec = SceneSpec(kind: StudioKinds.playback, frames: 30)
        spec.components = [
            { driver in
                VideoPlayer(path: TestClips.portrait, inbox: driver.inbox, lockstep: true, lead: driver.loop.step)
            }
        ]
        let scene = try StudioScene(spec, assets: Self.assets, measurer: Golden.measurer())
        let all = scene.driver.studio.root.subtree()
        let bar = try #require(all.compactMap { $0 as? PlaybackBarWidget }.first)
        let video = try #require(all.compactMap { $0 as? VideoPlayerWidget }.first)
        return (scene, bar, video)
    }

    @Test("the bar takes the file's duration and starts where the player does")
    func duration() throws {
        let (_, bar, video) = try scene()
        #expect(abs(bar.duration - 2) < 0.05)
        #expect(bar.timeText == "00:00 / 00:02")
        #expect(bar.position < 0.6)
        #expect(video.videoFrame != nil)
    }

    @Test("seeking on the bar shows the stream at that time; pausing freezes it")
    func seekAndPause() throws {
        let (scene, bar, video) = try scene()
        bar.seek(toFraction: 0.75)
        try scene.run(frames: 3)
        let seeked = try #require(video.videoFrame?.time)
        #expect(seeked >= 1.45 && seeked <= 1.6, "\(seeked)")
        bar.toggle()
        #expect(!bar.isPlaying)
        try scene.run(frames: 3)
        let paused = video.videoFrame?.time
        try scene.run(frames: 20)
        #expect(video.videoFrame?.time == paused)
        bar.toggle()
        try scene.run(frames: 20)
        #expect((video.videoFrame?.time ?? 0) > (paused ?? 0))
    }
}

/// A PK room with two streams: the room's own on the left, the opponent's on the right,
/// each framed to its half; a side without a stream keeps its drawn feed.
@Suite struct PKRoomVideoTests {
    func scene(opponent: String?) throws -> (StudioScene, PKOpponentWidget) {
        var spec = SceneSpec(kind: StudioKinds.pk, frames: 20)
        spec.components = [
            { VideoPlayer(path: TestClips.portrait, inbox: $0.inbox, lockstep: true, lead: $0.loop.step) },
            { VideoPlayer(path: opponent, channel: .opponent, inbox: $0.inbox, lockstep: true, lead: $0.loop.step) },
        ]
        let scene = try StudioScene(spec, assets: PlaybackRoomVideoTests.assets, measurer: Golden.measurer())
        let pk = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        return (scene, pk)
    }

    /// The decoded pictures in the display list, in screen coordinates, with their sources.
    func pictures(_ scene: StudioScene) -> [(Picture, Rect)] {
        scene.displayList.items.compactMap { item in
            guard case .picture(let picture, let rect, _) = item.command else { return nil }
            return (picture, item.transform.apply(rect))
        }
    }

    @Test("each half draws its own stream's frame, clipped to its half")
    func twoStreams() throws {
        let (scene, pk) = try scene(opponent: TestClips.landscape)
        let host = try #require(pk.hostFrame), opponent = try #require(pk.opponentFrame)
        #expect(host.picture.identity.source != opponent.picture.identity.source)
        // The profilers count both streams: the displayer's and the split screen's opponent.
        let video = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? VideoPlayerWidget }.first)
        #expect(video.streamProgress.count == 1 && pk.streamProgress.count == 1)
        let halves = pictures(scene).filter { $0.1.width < 400 }
        #expect(halves.count == 2, "\(halves.map(\.1))")
        guard halves.count == 2 else { return }
        let left = halves.min { $0.1.midX < $1.1.midX }!, right = halves.max { $0.1.midX < $1.1.midX }!
        #expect(left.1.midX < 360 && right.1.midX > 360)
        #expect(left.0.identity.source == host.picture.identity.source && right.0.identity.source == opponent.picture.identity.source)
        // The portrait stream fills its portrait half (cut at the clip); the landscape one is
        // letterboxed in it, whole.
        #expect(left.1.height > pk.picture(-1).height)
        #expect(right.1.height < pk.picture(1).height && abs(right.1.width - pk.picture(1).width) < 0.5)
    }

    @Test("swiped to from another room, the PK room plays both streams; swiped away, the opponent's player stops")
    func swipedTo() throws {
        var spec = SceneSpec(room: "studio://room/103?type=hostsLoop", frames: 10)
        var opponent: VideoPlayer?
        spec.components = [
            { VideoPlayer(path: TestClips.portrait, inbox: $0.inbox, lockstep: true, lead: $0.loop.step) },
            { driver in
                let player = VideoPlayer(
                    path: TestClips.landscape, channel: .opponent, inbox: driver.inbox, lockstep: true,
                    lead: driver.loop.step)
                opponent = player
                return player
            },
        ]
        let scene = try StudioScene(spec, assets: PlaybackRoomVideoTests.assets, measurer: Golden.measurer())
        #expect(opponent?.isPlayingAFile == false)
        scene.driver.studio.announcer.publish(.roomChangeRequested, .next)
        try scene.run(frames: 40)
        #expect(scene.driver.studio.room.id == 104)
        let pk = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        #expect(
            pk.hostFrame != nil && pk.opponentFrame != nil,
            "\(String(describing: pk.hostFrame)) \(String(describing: pk.opponentFrame))")
        #expect(opponent?.isPlayingAFile == true)
        scene.driver.studio.announcer.publish(.roomChangeRequested, .next)
        try scene.run(frames: 40)
        #expect(scene.driver.studio.room.id == 105)
        #expect(opponent?.isPlayingAFile == false)
    }

    @Test("without an opponent stream the right half keeps its drawn feed")
    func oneStream() throws {
        let (scene, pk) = try scene(opponent: nil)
        #expect(pk.hostFrame != nil && pk.opponentFrame == nil)
        let halves = pictures(scene).filter { $0.1.width < 400 }
        #expect(halves.count == 1 && (halves.first?.1.midX ?? 999) < 360, "\(halves.map(\.1))")
    }

    @Test("the opponent's player decodes only in a room that asks for its stream")
    func onDemand() throws {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: TestClips.portrait, channel: .opponent, inbox: inbox, lockstep: true)
        let room = RoomInfo(id: 3, kind: "audience", title: "", hostName: "", cover: ImageRef("cover-1"), onlineCount: 0)
        player.handle(.roomEntered(room))
        player.handle(.advance(to: 0.5))
        // The main channel's controls are not its own.
        player.handle(.video(.play))
        var notes: [StudioNote] = []
        inbox.drain(into: &notes)
        #expect(notes.isEmpty, "\(notes.map(\.name))")
        player.handle(.video(.play, on: .opponent))
        inbox.drain(into: &notes)
        let keys = VideoChannel.opponent.keys
        #expect(notes.compactMap { $0.value(keys.ready)?.name } == ["portrait.mp4"])
        #expect(notes.compactMap { $0.value(keys.frame) }.count == 1)
        #expect(notes.allSatisfy { $0.value(.videoFrame) == nil && $0.value(.videoReady) == nil })
    }
}

/// A kind whose configuration names its own video file plays it with no `--video`.
@Suite struct ConfiguredVideoTests {
    @Test("a player with no file of its own plays only what a room asks for, relative to Assets")
    func openControl() throws {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: nil, inbox: inbox, lockstep: true, assets: TestClips.folder)
        let room = RoomInfo(id: 3, kind: "audience", title: "", hostName: "", cover: ImageRef("cover-1"), onlineCount: 0)
        player.handle(.roomEntered(room))
        player.handle(.advance(to: 1.0 / 60))
        var notes: [StudioNote] = []
        inbox.drain(into: &notes)
        #expect(notes.isEmpty)
        _ = TestClips.portrait
        player.handle(.video(.open("portrait.mp4")))
        inbox.drain(into: &notes)
        #expect(notes.compactMap { $0.value(.videoReady)?.name } == ["portrait.mp4"])
        #expect(notes.compactMap { $0.value(.videoFrame) }.count == 1)
        notes.removeAll()
        player.handle(.video(.open("missing.mp4")))
        inbox.drain(into: &notes)
        let failed = notes.compactMap { $0.value(.videoFailed) }
        #expect(failed.count == 1 && failed[0].contains("missing.mp4: no such file"), "\(failed)")
    }

    @Test("a room's file that cannot play is reported once, naming it, however many rooms ask for it")
    func reportedOnce() throws {
        let inbox = Inbox<StudioNote>()
        let told = LockedList<String>()
        let player = VideoPlayer(path: nil, inbox: inbox, lockstep: true, assets: TestClips.folder) { told.append("\($0)") }
        for id in [3, 4] {
            player.handle(
                .roomEntered(
                    RoomInfo(
                        id: id, kind: "audience", title: "", hostName: "", cover: ImageRef("cover-1"),
                        onlineCount: 0)))
            player.handle(.video(.open("missing.mp4")))
        }
        var notes: [StudioNote] = []
        inbox.drain(into: &notes)
        // Each room shows "video unavailable"; the file is named once.
        #expect(notes.compactMap { $0.value(.videoFailed) }.count == 2)
        let path = TestClips.folder.appendingPathComponent("missing.mp4").path
        #expect(told.items == ["cannot play \(path): no such file (check the path)"])
        // A file that plays is not reported (the clip is made on first use).
        _ = TestClips.portrait
        player.handle(.video(.open("portrait.mp4")))
        #expect(told.items.count == 1, "\(told.items)")
    }

    /// A copy of Assets with the test clips under `videos/` (room.mp4 portrait, bars.mp4
    /// landscape) and `kind`'s configuration edited by `edit`; removed with the scratch.
    final class EditedAssets {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("configured-\(UUID().uuidString)")
        var assets: URL { folder.appendingPathComponent("Assets") }

        init(kind: RoomKind, _ edit: (String) -> String) throws {
            try FileManager.default.copyItem(at: PlaybackRoomVideoTests.assets, to: assets)
            let videos = assets.appendingPathComponent("videos")
            try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestClips.portrait, toPath: videos.appendingPathComponent("room.mp4").path)
            try FileManager.default.copyItem(atPath: TestClips.landscape, toPath: videos.appendingPathComponent("bars.mp4").path)
            let config = assets.appendingPathComponent("studios/\(kind).json")
            let text = try String(contentsOf: config, encoding: .utf8)
            let edited = edit(text)
            #expect(edited != text, "the edit changed nothing")
            try edited.write(to: config, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// A run of `room` (a scheme) with both channels' players, no file of their own.
        func scene(room: String) throws -> StudioScene {
            var spec = SceneSpec(room: room, frames: 20)
            let assets = assets
            spec.components = [
                { VideoPlayer(path: nil, inbox: $0.inbox, lockstep: true, lead: $0.loop.step, assets: assets) },
                { VideoPlayer(path: nil, channel: .opponent, inbox: $0.inbox, lockstep: true, lead: $0.loop.step, assets: assets) },
            ]
            return try StudioScene(spec, assets: assets, measurer: Golden.measurer())
        }
    }

    @Test("the video widget's file option plays in that kind's rooms")
    func configuredKind() throws {
        let edited = try EditedAssets(kind: "audience") {
            $0.replacingOccurrences(
                of: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true }",
                with: "{ \"widget\": \"video\", \"level\": 110, \"keepOut\": true, "
                    + "\"options\": { \"file\": \"videos/room.mp4\" } }")
        }
        let scene = try edited.scene(room: "studio://room/101?type=audience")
        let video = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? VideoPlayerWidget }.first)
        #expect(video.file == "videos/room.mp4")
        #expect(video.videoInfo?.name == "room.mp4")
        #expect(video.videoFrame != nil)
    }

    @Test("a room's own options (rooms) give it its own streams; the kind's other rooms keep theirs")
    func configuredRoom() throws {
        let edited = try EditedAssets(kind: "pk") {
            $0.replacingOccurrences(
                of: "\"widgets\": [",
                with: """
                    "rooms": { "104": { "video": { "file": "videos/room.mp4" }, "pkOpponent": { "file": "videos/bars.mp4" } } },
                      "widgets": [
                    """)
        }
        let scene = try edited.scene(room: "studio://room/104?type=pk")
        let pk = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        #expect(pk.opponentFile == "videos/bars.mp4")
        #expect(
            pk.hostFrame?.picture.width == 180 && pk.opponentFrame?.picture.width == 320,
            "\(String(describing: pk.hostFrame)) \(String(describing: pk.opponentFrame))")

        let other = try edited.scene(room: "studio://room/777?type=pk")
        let otherPK = try #require(other.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        #expect(otherPK.opponentFile == nil && otherPK.hostFrame == nil && otherPK.opponentFrame == nil)
    }
}

@Suite struct VideoPlacementTests {
    func picture(_ w: Int, _ h: Int) -> Picture { Picture(width: w, height: h, identity: .init(source: 1, frame: 0)) { _ in } }

    @Test("same orientation fills (edges cut off); across orientations the picture is shown whole")
    func placement() {
        let portraitRoom = Size(width: 720, height: 1280), wide = Size(width: 1280, height: 720)
        // A 3:4 portrait picture fills a 9:16 room: as tall as it, wider, centred.
        let fill = VideoPlayerWidget.place(picture(600, 800), in: portraitRoom)
        #expect(fill.height == 1280 && fill.width == 960 && fill.minX == -120)
        // A landscape picture in the portrait room is letterboxed across its width.
        let letterbox = VideoPlayerWidget.place(picture(1280, 720), in: portraitRoom)
        #expect(letterbox.width == 720 && letterbox.height == 405 && abs(letterbox.midY - 640) < 1e-9)
        // An upright stream on the turned screen is pillarboxed.
        let pillarbox = VideoPlayerWidget.place(picture(720, 1280), in: wide)
        #expect(pillarbox.height == 720 && pillarbox.width == 405 && abs(pillarbox.midX - 640) < 1e-9)
        // Nothing to place: the whole area.
        #expect(VideoPlayerWidget.place(picture(720, 1280), in: Size(width: 0, height: 0)).width == 0)
    }
}

/// A list several threads append to (a player's report runs on its decoding thread in a window).
final class LockedList<Element: Sendable>: Sendable {
    private let list = Locked<[Element]>([])

    func append(_ element: Element) { list.withLock { $0.append(element) } }

    var items: [Element] { list.value }
}
