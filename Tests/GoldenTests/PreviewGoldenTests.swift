import StudioTesting
import XCTest

/// Widget previews as goldens: one line pins every state a widget declares (`default` and
/// those of Assets/previews.json), each cropped to where the widget shows.
final class PreviewGoldenTests: XCTestCase {
    func testStudioBadgePreviews() throws { try assertPreviews(of: "studioBadge", assets: GoldenScene.assets) }

    func testCommentListPreviews() throws { try assertPreviews(of: "commentList", assets: GoldenScene.assets) }

    func testGiftComboPreviews() throws { try assertPreviews(of: "giftCombo", assets: GoldenScene.assets) }

    func testSuperChatPreviews() throws { try assertPreviews(of: "superChat", assets: GoldenScene.assets) }
}
