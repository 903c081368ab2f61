import CommandFixtures
import Foundation
import Testing

/// `studio` on the designer mock's folder (Tests/Fixtures/DesignerMock: the audience room
/// with a badge composed of primitives): the tools a designer checks a mock with accept it.
@Suite("studio commands on the designer mock", .serialized)
struct DesignerMockCommandTests {
    static let fixture = BuiltStudio.repository.appendingPathComponent("Tests/Fixtures/DesignerMock").path

    @Test("the audit passes the mock's room and snapshot renders it, bounds included", .timeLimit(.minutes(2)))
    func auditAndSnapshot() throws {
        let audit = try StudioProcess.run(["audit", "--kind", "audience", "--assets", Self.fixture])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("mock-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let shot = try StudioProcess.run([
            "snapshot", "--kind", "audience", "--frames", "30", "--bounds",
            "--assets", Self.fixture, "--out", png.path,
        ])
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(shot.stderr.isEmpty, "\(shot.stderr)")
        #expect((try? Data(contentsOf: png).count) ?? 0 > 10_000)
    }

    @Test("dump lists the mock's primitives by their ids", .timeLimit(.minutes(2)))
    func dump() throws {
        let r = try StudioProcess.run(["dump", "--kind", "audience", "--frames", "5", "--assets", Self.fixture])
        #expect(r.status == 0, "\(r.stderr)")
        for id in ["starHuntBadge", "starHuntFrame", "starHuntSpark", "starHuntTitle", "starHuntProgress"] {
            #expect(r.stdout.contains(id), "\(id) missing from the dump")
        }
    }
}
