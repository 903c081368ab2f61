import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Reloading configurations while the app runs")
struct ConfigReloadTests {
    /// A private copy of Assets whose configurations a test may break.
    private func copyOfAssets() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-assets-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: AppFixture.assets, to: dir)
        return dir
    }

    private func reloadOverlay(_ f: AppFixture) throws -> ConfigReloadOverlay {
        try #require(f.driver.overlays.compactMap { $0 as? ConfigReloadOverlay }.first)
    }

    @Test("a malformed configuration is reported with its file and key path, and the room keeps running")
    func badReloadKeepsRoom() throws {
        let assets = try copyOfAssets()
        defer { try? FileManager.default.removeItem(at: assets) }
        let f = try AppFixture(script: [30: [.key(KeyEvent(.f5))]], assets: assets)
        try f.run(frames: 10)
        let room = f.driver.studio
        let pk = assets.appendingPathComponent("studios/pk.json")
        let text = try String(contentsOf: pk, encoding: .utf8)
        try text.replacingOccurrences(of: "\"level\": 218", with: "\"level\": -218").write(to: pk, atomically: true, encoding: .utf8)
        try f.run(frames: 40)
        let message = try #require(try reloadOverlay(f).lastMessage)
        #expect(message.contains("pk.json"))
        #expect(message.contains("level"))
        #expect(f.driver.studio === room)
        #expect(room.lifecycle == .loaded)
        #expect(f.app.configs.configs["pk"]?.widgets.contains { $0.level == 218 } == true)
    }

    @Test("a good reload applies to the next room opened")
    func goodReloadAppliesNext() throws {
        let assets = try copyOfAssets()
        defer { try? FileManager.default.removeItem(at: assets) }
        // Start in the room before the PK room, reload at frame 20, swipe up at frame 40.
        let f = try AppFixture(
            start: .room(103, kind: StudioKinds.hostsLoop),
            script: [20: [.key(KeyEvent(.f5))], 40: [.key(KeyEvent(.up))]], assets: assets)
        let pk = assets.appendingPathComponent("studios/pk.json")
        let text = try String(contentsOf: pk, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title\": \"1v1 PK\"", with: "\"title\": \"PK reloaded\"")
            .write(to: pk, atomically: true, encoding: .utf8)
        try f.run(frames: 90)
        #expect(try reloadOverlay(f).lastMessage?.hasPrefix("Reloaded 10") == true)
        let studio = f.driver.studio
        #expect(studio.config.kind == StudioKinds.pk)
        #expect(studio.config.title == "PK reloaded")
    }

    @Test("a bad file's report names it and its whole reason, stays to be read, closes on a tap, and F5 shows it again")
    func reportStaysAndCloses() throws {
        let assets = try copyOfAssets()
        defer { try? FileManager.default.removeItem(at: assets) }
        let pk = assets.appendingPathComponent("studios/pk.json")
        let text = try String(contentsOf: pk, encoding: .utf8)
        try text.replacingOccurrences(of: "\"level\": 218", with: "\"level\": -218").write(to: pk, atomically: true, encoding: .utf8)
        let f = try AppFixture(script: [10: [.key(KeyEvent(.f5))]], assets: assets)
        try f.run(frames: 12)
        let overlay = try reloadOverlay(f)
        let report = try #require(overlay.report)
        #expect(report.title.hasPrefix("1 configuration not reloaded (kept as they were)"))
        #expect(report.problems.count == 1)
        #expect(report.problems[0].contains(pk.path) && report.problems[0].contains("level"), "\(report.problems)")
        // The whole reason is drawn, over as many lines as it takes, not cut to a toast's three.
        let drawn = f.driver.displayList.items.compactMap { item -> String? in
            if case .text(let t, _, _, _, _) = item.command { return t }
            return nil
        }.joined(separator: " ")
        #expect(drawn.contains("not reloaded"))
        #expect(
            drawn.replacingOccurrences(of: " ", with: "").contains(report.problems[0].suffix(20).replacingOccurrences(of: " ", with: "")),
            "the end of the reason is on screen: \(drawn)")
        // Longer than the toast's 1.6 s: it stays as long as it takes to read.
        #expect(report.until - f.driver.clock.now() > 4)
        try f.run(frames: 180)
        #expect(overlay.report != nil, "gone after 3 s")
        // A tap on it closes it; the tap goes no further (no hearts).
        let hearts = f.driver.studio.output.heartsSent
        f.backend.queue([.pointer(PointerEvent(.down, at: Point(x: 360, y: 400), time: f.driver.clock.now()))])
        f.backend.queue([.pointer(PointerEvent(.up, at: Point(x: 360, y: 400), time: f.driver.clock.now() + 0.05))])
        try f.run(frames: 5)
        #expect(overlay.report == nil)
        #expect(f.driver.studio.output.heartsSent == hearts)
        // F5 again: the same file, the same report.
        f.backend.queue([.key(KeyEvent(.f5))])
        try f.run(frames: 2)
        #expect(overlay.report?.problems == report.problems)
    }
}
