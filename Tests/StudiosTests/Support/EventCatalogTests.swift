import RoomFixtures
import Foundation
import Testing

/// The event catalogue (docs/EVENTS.md and the DevTools page's) is read from the code by
/// `Tests/Tools/event_catalog.py`; this runs its check on the checkout.
@Suite("the event catalogue")
struct EventCatalogTests {
    @Test("every key is published and heard, or says why not, and the committed catalogue is the code's")
    func catalogueMatchesTheCode() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tools/event_catalog.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains(" keys, 0 problems"), "\(text)")
    }
}
