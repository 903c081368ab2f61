import ArgumentParser
import Foundation
import StudioInspection
import Testing

@testable import StudioCLI

/// `studio review` writes the review page from the failures a test run kept, whichever
/// way it was run; with none, it writes nothing and removes a stale page.
@Suite("studio review")
struct ReviewCommandTests {
    let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")

    func keep(_ entry: GoldenReviewPage.Entry) throws {
        let folder = GoldenReviewPage.folder(in: artifacts)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(entry).write(to: folder.appendingPathComponent("\(entry.id).json"))
    }

    func review() throws {
        var command = try StudioCommand.parseAsRoot(["review", "--artifacts", artifacts.path])
        try command.run()
    }

    @Test("a kept failure becomes the page, with its golden and message on it")
    func writesThePage() throws {
        defer { try? FileManager.default.removeItem(at: artifacts) }
        try keep(
            GoldenReviewPage.Entry(
                id: "RoomTests.room.badge", test: "RoomTests.room", name: "badge", location: "RoomTests.swift:12",
                message: "badge: layer(s) that differ: float; widget(s) where the pixels differ: studioBadge", reference: nil,
                actual: Data([0x89, 0x50]), difference: nil, width: 2, height: 2, differing: 1,
                regions: [.init(x: 0, y: 0, width: 1, height: 1, widgets: ["studioBadge (StudioBadgeWidget, float)"])],
                moreRegions: 0, layers: []))
        try review()
        let html = try String(contentsOf: GoldenReviewPage.page(in: artifacts), encoding: .utf8)
        #expect(html.contains("1 golden failed") && html.contains("RoomTests.room") && html.contains("studioBadge"))
    }

    @Test("with no failure kept, no page is left; an entry it cannot read is named and exits 1")
    func nothingKept() throws {
        defer { try? FileManager.default.removeItem(at: artifacts) }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: GoldenReviewPage.page(in: artifacts))
        try review()
        #expect(!FileManager.default.fileExists(atPath: GoldenReviewPage.page(in: artifacts).path), "a stale page stayed")
        try FileManager.default.createDirectory(at: GoldenReviewPage.folder(in: artifacts), withIntermediateDirectories: true)
        try Data("{".utf8).write(to: GoldenReviewPage.folder(in: artifacts).appendingPathComponent("broken.json"))
        #expect(throws: ExitCode.self) { try review() }
    }
}
