import Foundation
import StudioAppCore
import StudioKit
import StudioTesting
import Studios
import XCTest

/// Text as live rooms write it, in the comment list and the danmaku band: Latin, CJK, emoji
/// (a ZWJ family, a skin tone, a flag, a keycap), Arabic and Hebrew right to left, Thai,
/// Devanagari and a 200-character line, from `Tests/Fixtures/Text/mixed-scripts.jsonl`.
final class TextGoldenTests: XCTestCase {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Text/mixed-scripts.jsonl").path

    /// The scenario sends four lines at 0.5 s and four at 1.5 s, so each half is in view in
    /// the list at 1.2 s and 2.2 s, once the lines have slid in; the danmaku band shows each
    /// half crossing.
    func testACommentListOfEveryScriptLooksAsRecorded() throws {
        for (frames, half) in [(72, "first"), (132, "second")] {
            let spec = SceneSpec(kind: StudioKinds.audience, frames: frames, scenario: Self.scenario)
            let scene = try StudioScene(spec, assets: GoldenScene.assets, measurer: Golden.measurer())
            try assertGolden(widget: "commentList", of: scene, named: "comments-\(half)")
            try assertGolden(widget: "danmaku", of: scene, named: "danmaku-\(half)")
        }
    }
}
