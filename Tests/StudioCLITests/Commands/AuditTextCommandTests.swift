import CommandFixtures
import Foundation
import Testing

/// `studio audit`'s text rules as the command runs them: text measured with the renderer's
/// fonts (SDL2_ttf), over the shipped studios and over one broken on purpose.
@Suite("studio audit's text rules with the real fonts", .serialized)
struct AuditTextCommandTests {
    @Test("every shipped kind passes the audit, text rules included", .timeLimit(.minutes(2)))
    func shippedKindsPass() throws {
        let r = try StudioProcess.run(["audit", "--all"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("audit: 10 studio(s) pass"), "\(r.stdout)")
    }

    @Test(
        "a danmaku band moved over the audience's activity icon is reported as covering its text, exit 1",
        .timeLimit(.minutes(2)))
    func brokenBand() throws {
        let assets = FileManager.default.temporaryDirectory.appendingPathComponent("studio-audit-band-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: BuiltStudio.repository.appendingPathComponent("Assets"), to: assets)
        defer { try? FileManager.default.removeItem(at: assets) }
        let file = assets.appendingPathComponent("studios/audience.json")
        let shipped = try String(contentsOf: file, encoding: .utf8)
        let band = "\"options\": { \"top\": 378, \"height\": 410 }"
        try #require(shipped.contains(band), "audience.json no longer places the band with \(band)")
        try shipped.replacingOccurrences(of: band, with: "\"options\": { \"top\": 180, \"height\": 640 }")
            .write(to: file, atomically: true, encoding: .utf8)

        let r = try StudioProcess.run(["audit", "--kind", "audience", "--assets", assets.path])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let line = r.stdout.split(separator: "\n").first { $0.contains("textCovered activityIcon:") }
        #expect(line?.contains("'Lucky Box'") == true && line?.contains("'danmaku'") == true, "\(r.stdout)")
    }
}
