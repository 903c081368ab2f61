import StudioKit
import Studios
import XCTest

/// The audience (basic) studio layer by layer, and as the exploded view.
final class LayerGoldenTests: XCTestCase {
    func testEachLayerOfTheAudienceStudioAloneLooksAsRecorded() throws {
        let list = try GoldenScene.run(kind: StudioKinds.audience).driver.displayList
        for kind in LayerKind.allCases {
            assertGolden(list.filtered(to: [kind]), named: "audience-\(kind.name)", transparent: true)
        }
    }

    func testTheExplodedViewOfTheAudienceStudioLooksAsRecorded() throws {
        let list = try GoldenScene.run(kind: StudioKinds.audience).driver.displayList
        assertGolden(ExplodedView.compose(list, viewport: .studio), named: "audience-exploded")
    }
}
