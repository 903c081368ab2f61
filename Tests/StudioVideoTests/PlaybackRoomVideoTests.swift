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
