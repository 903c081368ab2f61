import StudioKit
import Studios
import XCTest

/// Every studio kind, in normal and in lite mode, after 90 frames (seed 1).
final class StudioGoldenTests: XCTestCase {
    func testEveryStudioKindLooksAsRecordedInNormalMode() throws {
        for kind in StudioKinds.all {
            let app = try GoldenScene.run(kind: kind)
            assertGolden(app.driver.displayList, named: "\(kind)-normal")
        }
    }

    func testEveryStudioKindLooksAsRecordedInLiteMode() throws {
        for kind in StudioKinds.all {
            let app = try GoldenScene.run(kind: kind, lite: true)
            assertGolden(app.driver.displayList, named: "\(kind)-lite")
        }
    }
}
