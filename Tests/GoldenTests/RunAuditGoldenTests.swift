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
}
