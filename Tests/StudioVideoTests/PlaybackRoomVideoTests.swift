import Foundation
import Testing
import StudioKit
import StudioTesting
import Studios
@testable import StudioVideo

/// The playback room playing a real recording: its bar shows the file's length and follows
/// the player, and pausing or seeking on the bar pauses or seeks the stream.
@Suite struct PlaybackRoomVideoTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    func scene() throws -> (StudioScene, PlaybackBarWidget, VideoPlayerWidget) {
        var spec = SceneSpec(kind: StudioKinds.playback, frames: 30)
        spec.components = [{ driver in
            VideoPlayer(path: TestClips.portrait, inbox: driver.inbox, lockstep: true, lead: driver.loop.step)
        }]
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

/// A PK room playing a file: both halves show the stream, each framed to its half.
@Suite struct PKRoomVideoTests {
    @Test("each half of the split screen draws the stream's frame, clipped to its half")
    func twoHalves() throws {
        var spec = SceneSpec(kind: StudioKinds.pk, frames: 20)
        spec.components = [{ driver in
            VideoPlayer(path: TestClips.portrait, inbox: driver.inbox, lockstep: true, lead: driver.loop.step)
        }]
        let scene = try StudioScene(spec, assets: PlaybackRoomVideoTests.assets, measurer: Golden.measurer())
        let pk = try #require(scene.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        #expect(pk.videoFrame != nil)
        let pictures = scene.displayList.items.compactMap { item -> Rect? in
            guard case .picture(_, let rect, _) = item.command else { return nil }
            return item.transform.apply(rect)
        }
        // The room's own full-screen video under the stage, and one picture in each half.
        let halves = pictures.filter { $0.width < 400 }
        #expect(halves.count == 2, "\(pictures)")
        if halves.count == 2 {
            let (left, right) = (halves.min { $0.midX < $1.midX }!, halves.max { $0.midX < $1.midX }!)
            #expect(left.midX < 360 && right.midX > 360)
            // Filled: as wide as the half, taller than the band (cut at the clip).
            #expect(left.height > pk.picture(-1).height)
        }
    }
}
