import StudioInspection
import StudioKit
import StudioTesting
import Studios
import XCTest

/// The audience (basic) studio layer by layer, and as the exploded view.
final class LayerGoldenTests: XCTestCase {
    func testEachLayerOfTheAudienceStudioAloneLooksAsRecorded() throws {
        let scene = try GoldenScene.run(kind: StudioKinds.audience)
        for kind in LayerKind.allCases {
            try assertGolden(scene, named: "audience-\(kind.name)", layer: kind)
        }
    }

    func testTheExplodedViewOfTheAudienceStudioLooksAsRecorded() throws {
        let list = try GoldenScene.run(kind: StudioKinds.audience).displayList
        try assertGolden(ExplodedView.compose(list, viewport: .studio), named: "audience-exploded", assets: GoldenScene.assets)
    }
}
