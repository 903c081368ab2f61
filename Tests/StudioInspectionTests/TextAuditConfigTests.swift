import RoomFixtures
import Foundation
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The audit's text rules over shipped configurations broken on purpose.
@Suite("The text rules on broken configurations")
struct TextAuditConfigTests {
    /// The shipped configuration of `kind` with `old` replaced by `new`, run 1.5 s and audited.
    static func audit(_ kind: RoomKind, replacing old: String, with new: String) throws -> AuditReport {
        let text = try String(contentsOfFile: "\(ConfiguredStudioFixture.studiosFolder)/\(kind).json", encoding: .utf8)
        try #require(text.contains(old), "\(kind).json has no '\(old)'")
        let config = try ConfigSamples.load(text.replacingOccurrences(of: old, with: new), file: "\(kind).json")
        let f = try ConfiguredStudioFixture(config: config)
        f.run(seconds: 1.5)
        return LayeringAudit().run(f.studio, kind: kind, exceptions: config.auditExceptions)
    }

    @Test("an activity title of 16 characters, which the option allows, is cut off by its icon, naming the icon and the title")
    func longActivityTitle() throws {
        let title = "Mega Lucky Boxes"  // 16 characters, the most the option allows
        let report = try Self.audit(
            "audience", replacing: "{ \"widget\": \"activityIcon\", \"level\": 230, \"keepOut\": true }",
            with: "{ \"widget\": \"activityIcon\", \"level\": 230, \"keepOut\": true, "
                + "\"options\": { \"title\": \"\(title)\" } }")
        let finding = try #require(report.findings.first { $0.rule == .textCut }, "\(report.text)")
        #expect(finding.widget == "activityIcon")
        #expect(finding.message.contains("'\(title)'"), "\(finding.message)")
    }

    @Test("a danmaku band moved up over the activity icon and the audience list covers their text")
    func bandOverIcons() throws {
        let report = try Self.audit(
            "audience", replacing: "\"options\": { \"top\": 378, \"height\": 410 }",
            with: "\"options\": { \"top\": 180, \"height\": 640 }")
        let covered = report.findings.filter { $0.rule == .textCovered }
        #expect(Set(covered.map(\.widget)).isSuperset(of: ["activityIcon", "audienceList"]), "\(report.text)")
        #expect(covered.allSatisfy { $0.message.contains("'danmaku'") })
    }
}
