import CommandFixtures
import Foundation
import Testing

/// F5 with a bad configuration in the real window, with real X input: the report names the
/// file and its whole reason and stays to be read (the old toast left after 2 s), a tap on
/// it closes it, and F5 shows it again while the file is still bad.
@Suite(
    "F5's report of a bad configuration in the window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct ReloadReportWindowTests {
    typealias Session = WindowEndToEndTests.Session

    struct State: Decodable { var reloadReport: String? }

    static func report(_ s: Session) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap { try? JSONDecoder().decode(State.self, from: $0) }?
            .reloadReport
    }

    @Test("the report stays past the toast's time, closes on a tap, and F5 shows it again", .timeLimit(.minutes(2)))
    func reportInTheWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reload-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = folder.appendingPathComponent("Assets")
        try FileManager.default.copyItem(at: BuiltStudio.repository.appendingPathComponent("Assets"), to: assets)
        let s = try Session(arguments: ["--assets", assets.path])
        let pk = assets.appendingPathComponent("studios/pk.json")
        let text = try String(contentsOf: pk, encoding: .utf8)
        try text.replacingOccurrences(of: "\"level\": 218", with: "\"level\": -218").write(to: pk, atomically: true, encoding: .utf8)
        try s.key("F5")
        try WindowEndToEndTests.wait("the report", seconds: 8, stderr: s.stderrPath) { Self.report(s) != nil }
        #expect(Self.report(s)?.hasPrefix("1 configuration not reloaded") == true)
        #expect(s.stderr.contains(pk.path), "the log names the file too: \(s.stderr)")
        usleep(3_000_000)
        #expect(Self.report(s) != nil, "the report left before it could be read")
        try s.tap(360, 420)
        try WindowEndToEndTests.wait("the report to close on a tap", seconds: 8, stderr: s.stderrPath) { Self.report(s) == nil }
        try s.key("F5")
        try WindowEndToEndTests.wait("the report again", seconds: 8, stderr: s.stderrPath) { Self.report(s) != nil }
        try s.key("Escape")
        #expect(try s.waitForExit(seconds: 20) == 0, "\(s.stderr)")
    }
}
