import Foundation
import StudioKit
import StudioTesting
import Studios
import XCTest

/// The designer mock of Tests/Fixtures/DesignerMock (an activity badge composed of
/// primitives in the audience room's configuration), the badge alone: a small golden of
/// the nine-slice frame, the sprite, the gradient, the circle and the bound texts.
final class PrimitiveGoldenTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DesignerMock")

    func testTheDesignerMockBadgeLooksAsRecorded() throws {
        let scene = try GoldenScene.run(kind: StudioKinds.audience, assets: Self.fixture)
        // The badge alone on a transparent frame: small, and unaffected by the rest of the room.
        try assertGolden(widget: "starHuntBadge", of: scene, named: "starHuntBadge")
    }
}
