import Foundation
import StudioKit
import StudioTesting
import Studios
import XCTest

/// The audit as the net: every shipped kind, over the busy scenarios, with the real fonts,
/// finds no text cut, covered or crossed and no control hidden in any sampled frame.
final class RunAuditGoldenTests: XCTestCase {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios")

    /// A steady chat in every lane, a ¥2000 card open over the lanes, full-screen rockets while
    /// it is open, a membership banner, a reconnect banner; then a flood of 500 comments.
    func testEveryShippedKindPassesTheAuditOverTheBusyScenarios() throws {
        for name in ["busy", "flood"] {
            let file = Self.scenarios.appendingPathComponent("\(name).jsonl").path
            for kind in StudioKinds.all {
                let scene = try StudioScene(kind: kind, frames: 0, scenario: file)
                // Every 6th frame: ten looks a second, enough for anything that shows for a
                // tenth of a second or more.
                XCTAssertNoThrow(try assertAudit(scene, frames: name == "busy" ? 828 : 300, every: 6), "\(kind) over \(name)")
            }
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Audit")

    /// What the audit found in the shipped kinds, each fixed since:
    /// - `card-alone`: a ¥2000 card open over the top of the danmaku band was an overlap of
    ///   two touch targets, though the band keeps its comments (and so its touches) out of it;
    /// - `card-over-comments`: comments already under the card when it opened were drawn
    ///   under it while they faded;
    /// - `long-texts`: 10,000-character names and texts in a comment, a super chat, a
    ///   membership and a full-screen gift, whose title ran 10,000 px off the screen.
    func testEveryShippedKindPassesTheAuditOverTheHostileScenarios() throws {
        // Each is audited from just before its first line that matters to a second after its
        // last (the frames before only fill the lanes); every 6th frame catches a cut that
        // shows for a tenth of a second, every 3rd the card's first frames.
        let runs = [("card-alone", 55, 65, 6), ("card-over-comments", 175, 65, 3), ("long-texts", 25, 215, 6)]
        for (name, skipped, frames, every) in runs {
            let file = Self.fixtures.appendingPathComponent("\(name).jsonl").path
            for kind in StudioKinds.all {
                let scene = try StudioScene(kind: kind, frames: 0, scenario: file)
                try scene.run(frames: skipped)
                XCTAssertNoThrow(try assertAudit(scene, frames: frames, every: every), "\(kind) over \(name)")
            }
        }
    }
}
