import RoomFixtures
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Primitives: layering audit")
struct PrimitiveAuditTests {
    /// A shape over the host info capsule (movable layer, both taking touches) unless it lets them through.
    static func entry(penetrate: Bool) -> String {
        "{ \"widget\": \"shape\", \"id\": \"mockOverHost\", \"level\": 215, \"options\": { \"frame\": { \"x\": 30, \"y\": 30, \"width\": 120, \"height\": 60 }, \"penetrate\": \(penetrate) } }"
    }

    @Test("the audit names a primitive by its id when it overlaps another widget, and an exception by id excuses it")
    func overlapByID() throws {
        let f = try PrimitiveRoom.fixture(adding: Self.entry(penetrate: false))
        f.run(seconds: 0.5)
        let report = LayeringAudit().run(f.studio, kind: "audience", exceptions: f.config.auditExceptions)
        let finding = try #require(report.findings.first { $0.rule == .overlap && Self.names($0) }, "\(report.text)")
        let excused = LayeringAudit().run(
            f.studio, kind: "audience",
            exceptions: f.config.auditExceptions + [
                AuditException(rule: .overlap, widget: finding.widget, reason: "a designer mock over the capsule")
            ])
        #expect(!excused.findings.contains { $0.rule == .overlap && Self.names($0) }, "\(excused.text)")
        #expect(excused.excused.contains { $0.rule == .overlap && Self.names($0) })
    }

    static func names(_ finding: AuditFinding) -> Bool {
        finding.widget == "mockOverHost" || finding.message.contains("mockOverHost")
    }

    @Test("a penetrating primitive takes no touches, so it overlaps nothing")
    func penetratingPassesAudit() throws {
        let f = try PrimitiveRoom.fixture(adding: Self.entry(penetrate: true))
        f.run(seconds: 0.5)
        let report = LayeringAudit().run(f.studio, kind: "audience", exceptions: f.config.auditExceptions)
        #expect(!report.findings.contains { $0.rule == .overlap && Self.names($0) }, "\(report.text)")
    }
}
