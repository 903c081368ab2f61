import Foundation
import StudioAppCore
import StudioKit
import StudioTesting
import StudioVideo
import Studios
import XCTest

/// A room playing a real video file: the displayer draws the decoded frame, scaled to fill,
/// under the room's widgets. The clip is made by Debian's `ffmpeg` from its `testsrc2`
/// source and stored losslessly (FFV1, BGRA), so its decoded pixels are the generator's on
/// every machine, and decoding in lockstep makes the frame shown a function of the time.
final class VideoGoldenTests: XCTestCase {
    func testAudienceRoomPlayingAVideoLooksAsRecorded() throws {
        let clip = TestClips.losslessHalfRoom
        XCTAssertTrue(FileManager.default.fileExists(atPath: clip), "ffmpeg could not make the clip (make deps installs it)")

        var spec = SceneSpec(kind: StudioKinds.audience, frames: 30)
        spec.components = [{ driver in VideoPlayer(path: clip, inbox: driver.inbox, lockstep: true, lead: driver.loop.step) }]
        let scene = try StudioScene(spec, assets: GoldenScene.assets, measurer: Golden.measurer())
        let video = try XCTUnwrap(scene.driver.studio.root.subtree().compactMap { $0 as? VideoPlayerWidget }.first)
        // The frame drawn at simulated time t shows the 30 fps stream's frame for t (the first
        // frame steps nothing, so 30 frames reach 29/60 s: frame 14, at 14/30 s).
        let t = scene.driver.loop.simulatedTime
        XCTAssertEqual(t, 29.0 / 60, accuracy: 1e-9)
        // (Matroska keeps times in milliseconds.)
        XCTAssertEqual(video.videoFrame?.time ?? -1, ((t + 1e-6) * 30).rounded(.down) / 30, accuracy: 0.001)
        XCTAssertEqual(video.videoInfo?.name, "testsrc2.mkv")
        try assertGolden(scene, named: "audience-video")
    }

    /// A PK room with two streams: the room's own (portrait, filling the left half) and the
    /// opponent's (landscape bars, letterboxed in the right half).
    func testPKRoomPlayingTwoStreamsLooksAsRecorded() throws {
        let (host, opponent) = (TestClips.losslessHalfRoom, TestClips.losslessBars)
        var spec = SceneSpec(kind: StudioKinds.pk, frames: 30)
        spec.components = [
            { VideoPlayer(path: host, inbox: $0.inbox, lockstep: true, lead: $0.loop.step) },
            { VideoPlayer(path: opponent, channel: .opponent, inbox: $0.inbox, lockstep: true, lead: $0.loop.step) },
        ]
        let scene = try StudioScene(spec, assets: GoldenScene.assets, measurer: Golden.measurer())
        let pk = try XCTUnwrap(scene.driver.studio.root.subtree().compactMap { $0 as? PKOpponentWidget }.first)
        XCTAssertNotNil(pk.hostFrame)
        XCTAssertEqual(pk.opponentFrame?.picture.width, 320)
        try assertGolden(scene, named: "pk-video")
    }
}
