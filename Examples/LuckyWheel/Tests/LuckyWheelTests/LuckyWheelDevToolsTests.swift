import Foundation
import LuckyWheel
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The package's room under LiveStudio's DevTools, through the package's own command line,
/// as its developers would open it: `lucky-studio run --devtools`.
@Suite("The lucky wheel's room in DevTools")
struct LuckyWheelDevToolsTests {
    @Test("the package's room is inspected live from DevTools: its widget in the live tree, its page and its log")
    func devTools() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lucky-devtools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = LuckyWheelTests.luckyStudioBinary
        process.arguments = [
            "run", "--headless", "--devtools", "--room", "studio://room/500?type=\(LuckyWheelRoom.kind.rawValue)", "--frames", "600",
        ]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var address: URL?
        for _ in 0..<200 where address == nil {
            Thread.sleep(forTimeInterval: 0.1)
            let line = (try? String(contentsOf: out, encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("DevTools: ") }
            address = line.flatMap { URL(string: String($0.dropFirst("DevTools: ".count))) }
        }
        let page = try #require(address, "no DevTools address on standard output")
        func get(_ path: String) throws -> String {
            var parts = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false))
            parts.path = path
            return try String(contentsOf: try #require(parts.url), encoding: .utf8)
        }
        var snapshot = ""
        for _ in 0..<50 where !snapshot.contains(LuckyWheelWidget.catalogName) {
            Thread.sleep(forTimeInterval: 0.1)
            snapshot = (try? get("/snapshot")) ?? ""
        }
        #expect(snapshot.contains("\"name\":\"\(LuckyWheelWidget.catalogName)\""), "the package's widget is in the live tree")
        #expect(try get("/").contains("LiveStudio DevTools"))
        #expect(try get("/log.jsonl").hasPrefix("// LiveStudio DevTools log"))
    }

}
