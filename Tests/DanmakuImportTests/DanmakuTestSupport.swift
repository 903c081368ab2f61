import Foundation

@testable import DanmakuImport

/// Fixture files under Tests/Fixtures/Danmaku, and temporary files for the cases that are
/// easier to make in code (invalid UTF-8, giant elements, generated recordings).
enum DanmakuFixture {
    /// Tests/Fixtures/Danmaku, found from this file's path so that it works from any
    /// working directory and in any package that compiles these files.
    static func folder(filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath)
        while url.lastPathComponent != "Tests" && url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Fixtures/Danmaku", isDirectory: true)
    }

    static func url(_ name: String) -> URL { folder().appendingPathComponent(name) }

    /// This run's folder for temporary files. Folders that earlier runs left behind (a test
    /// that failed before cleaning up) are removed once they are an hour old; a younger one
    /// may belong to a run going on beside this one.
    static let temporaryRoot: URL = {
        let manager = FileManager.default
        let base = manager.temporaryDirectory
        let prefix = "livestudio-danmaku-tests-"
        for name in (try? manager.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(prefix) {
            let old = base.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: old.path)[.modificationDate]) as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? manager.removeItem(at: old) }
        }
        // This run's own folder goes when the run ends, whatever its tests left in it.
        atexit { try? FileManager.default.removeItem(at: DanmakuFixture.temporaryRoot) }
        return base.appendingPathComponent(prefix + String(ProcessInfo.processInfo.processIdentifier), isDirectory: true)
    }()

    /// A new file in a fresh temporary folder holding `bytes`.
    static func temporaryFile(_ bytes: [UInt8], name: String = "danmaku.xml") throws -> URL {
        let folder = temporaryRoot.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Removes a file made by `temporaryFile` with its folder.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    static func temporaryFile(_ text: String, name: String = "danmaku.xml") throws -> URL {
        try temporaryFile(Array(text.utf8), name: name)
    }

    /// A Bilibili file whose root holds `body`.
    static func bilibili(_ body: String) throws -> URL {
        try temporaryFile("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<i>\n\(body)\n</i>\n")
    }

    static func readAll(
        _ url: URL, format: DanmakuFileFormat? = nil,
        limits: DanmakuImportLimits = .standard
    ) throws -> ([DanmakuFileRecord], DanmakuImportSummary) {
        var records: [DanmakuFileRecord] = []
        let summary = try DanmakuFileReader.read(contentsOf: url, format: format, limits: limits) { records.append($0) }
        return (records, summary)
    }

    static func danmaku(_ records: [DanmakuFileRecord]) -> [DanmakuRecord] {
        records.compactMap { if case .danmaku(let record) = $0 { record } else { nil } }
    }

    /// The records with positions cleared, to compare with generated ones.
    static func withoutPositions(_ records: [DanmakuFileRecord]) -> [DanmakuFileRecord] {
        records.map {
            var record = $0
            record.position = .unknown
            return record
        }
    }
}
