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

    func testEveryStudioKindLooksAsRecordedInLiteMode() throws {
        for kind in StudioKinds.all {
            try assertGolden(try GoldenScene.run(kind: kind, lite: true), named: "\(kind)-lite")
        }
    }
}
