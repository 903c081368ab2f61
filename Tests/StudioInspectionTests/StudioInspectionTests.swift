import RoomFixtures
import Foundation
import SnapshotTesting
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The layering tools over the shipped studios: each kind's widget tree as text (a golden,
/// so a change to any kind's tree shows in review), and the layering audit.
@Suite("Inspecting the shipped studios")
struct StudioInspectionTests {
    @Test(
        "every kind passes the layering audit, with only the exceptions its configuration declares",
        arguments: StudioKinds.all)
    func auditPasses(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        f.run(seconds: 1.5)
        let report = LayeringAudit().run(f.studio, kind: kind, exceptions: f.config.auditExceptions)
        #expect(report.passed, "\(report.text)")
        for excuse in report.excused { #expect(excuse.excusedBecause?.split(separator: " ").count ?? 0 >= 3) }
    }

    @Test("the audit finds a widget that a configuration puts in the home indicator strip")
    func auditCatchesUnsafePlacement() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 0.5)
        let close = try #require(f.studio.root.first(named: "closeButton"))
        close.frame.origin.y = 1280 - close.frame.height - 4  // on screen, in the home indicator strip
        let report = LayeringAudit().run(f.studio, kind: "audience", exceptions: f.config.auditExceptions)
        #expect(report.findings.contains { $0.rule == .unsafeArea && $0.widget == "closeButton" })
        #expect(!report.passed)
    }

    @Test("an audit exception needs a known rule, a widget and a reason")
    func exceptionValidation() throws {
        let bad = ConfigSamples.audience(
            replacing: "\"title\": \"Live\",",
            with:
                "\"title\": \"Live\",\n  \"auditExceptions\": [{ \"rule\": \"overlapz\", \"widget\": \"docker\", \"reason\": \"because it is fine\" }],"
        )
        let error = try #require(ConfigSamples.error(bad))
        #expect(error.keyPath.hasPrefix("auditExceptions[0]"))
        #expect(error.reason.contains("overlap"))
    }
}

/// The widget tree of every kind as `studio dump` prints it, kept as text goldens.
@Suite("Widget tree dumps")
struct TreeDumpGoldenTests {
    @Test("each kind's widget tree matches its recorded dump", arguments: StudioKinds.all)
    func treeDump(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        f.run(seconds: 1.5)
        let text = TreeDump.text(WidgetRecord(of: f.studio.root, announcer: f.studio.announcer))
        let record: SnapshotTestingConfiguration.Record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" ? .all : .missing
        withSnapshotTesting(record: record) {
            assertSnapshot(of: text, as: .lines, named: kind.rawValue, testName: "treeDump")
        }
    }
}
