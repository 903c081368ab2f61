import Foundation
import SnapshotTesting
import StudioKit
import StudioSDL
import Studios
import XCTest

/// The designer mock of Tests/Fixtures/DesignerMock (an activity badge composed of
/// primitives in the audience room's configuration), the badge alone: a small golden of
/// the nine-slice frame, the sprite, the gradient, the circle and the bound texts.
final class PrimitiveGoldenTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DesignerMock")

    func testTheDesignerMockBadgeLooksAsRecorded() throws {
        let app = try GoldenScene.run(kind: StudioKinds.audience, assets: Self.fixture)
        let studio = try XCTUnwrap(app.driver.studio as? BasicBusinessStudio)
        let badge = try XCTUnwrap(studio.widget(named: "starHuntBadge"))
        // The badge alone on a transparent frame: small, and unaffected by the rest of the room.
        let canvas = Canvas(measurer: TTFTextMeasurer(fonts: GoldenScene.fonts))
        badge.drawTree(in: canvas)
        let png = try GoldenScene.png(canvas.list, transparent: true, assets: Self.fixture)
        let failure = withSnapshotTesting(record: goldenRecordMode) {
            verifySnapshot(of: png, as: .png(artifactName: "PrimitiveGoldenTests.starHuntBadge"), named: "starHuntBadge")
        }
        if let failure { XCTFail(failure) }
    }
}
