import StudioKit
import StudioTesting
import Studios
import XCTest

/// Every studio kind, in normal and in lite mode, after 90 frames (seed 1).
final class StudioGoldenTests: XCTestCase {
    func testEveryStudioKindLooksAsRecordedInNormalMode() throws {
        for kind in StudioKinds.all {
            try assertGolden(try GoldenScene.run(kind: kind), named: "\(kind)-normal")
        }
    }

    /// A viewer's room after its server said the stream ended: the picture dimmed and held,
    /// saying so and for how long it ran, and the badge saying ENDED.
    func testAViewersRoomWhoseStreamEndedLooksAsRecorded() throws {
        let scene = try GoldenScene.run(kind: StudioKinds.audience)
        scene.driver.studio.receiveFeed(StudioNote(.liveStateReported, .ended))
        try scene.run(frames: 30)
        try assertGolden(scene, named: "audience-ended")
    }

    func testEveryStudioKindLooksAsRecordedInLiteMode() throws {
        for kind in StudioKinds.all {
            try assertGolden(try GoldenScene.run(kind: kind, lite: true), named: "\(kind)-lite")
        }
    }
}
