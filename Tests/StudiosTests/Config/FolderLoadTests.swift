import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Loading a folder of configurations one file at a time")
struct FolderLoadTests {
    /// A folder with the shipped pk configuration, the sample audience one, and `bad`
    /// written as `name`.
    private func folder(withBad bad: String, named name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-configs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ConfiguredStudioFixture.studiosFolder + "/pk.json",
            toPath: dir.appendingPathComponent("pk.json").path)
        try ConfigSamples.audience.write(to: dir.appendingPathComponent("audience.json"), atomically: true, encoding: .utf8)
        try bad.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return dir.path
    }

    @Test("an unknown kind among good files: the good kinds load and the bad file is a problem naming it")
    func unknownKindIsSkipped() throws {
        let lucky = ConfigSamples.audience(replacing: "\"kind\": \"audience\"", with: "\"kind\": \"luckyWheel\"")
        let path = try folder(withBad: lucky, named: "lucky.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try StudioConfigLoader().loadEach(path: path)
        #expect(Set(loaded.configs.keys) == [StudioKinds.audience, StudioKinds.pk])
        let problem = try #require(loaded.problems.first)
        #expect(loaded.problems.count == 1)
        #expect(problem.file.hasSuffix("/lucky.json"))
        #expect(problem.keyPath == "kind")
        #expect(problem.line == 2)
        #expect(problem.reason.contains("unknown studio kind 'luckyWheel'"))
        #expect(loaded.problem(forKind: "lucky") == problem)
        #expect(loaded.problem(forKind: StudioKinds.pk) == nil)
        // The all-or-nothing entry points still refuse the folder, with the same error.
        #expect(StudioConfigLoader().checkFolder(path: path) == [problem])
        #expect(throws: problem) { try StudioConfigLoader().loadFolder(path: path) }
    }

    @Test("a syntax error in one kind's file leaves the other kinds loaded and is that kind's problem")
    func syntaxErrorIsSkipped() throws {
        let path = try folder(withBad: "{\n  \"kind\": \"quiz\",\n", named: "quiz.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try StudioConfigLoader().loadEach(path: path)
        #expect(Set(loaded.configs.keys) == [StudioKinds.audience, StudioKinds.pk])
        let problem = try #require(loaded.problem(forKind: StudioKinds.quiz))
        #expect(problem.file.hasSuffix("/quiz.json"))
        #expect(problem.reason.hasPrefix("invalid JSON"))
    }

    @Test("the store skips a bad file, names it for its kind, and keeps a kind's configuration when a reload breaks it")
    func storeKeepsGoodKinds() throws {
        let path = try folder(withBad: "not json", named: "quiz.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try ConfigStore(folder: path)
        #expect(Set(store.configs.keys) == [StudioKinds.audience, StudioKinds.pk])
        #expect(store.problem(forKind: StudioKinds.quiz)?.file.hasSuffix("/quiz.json") == true)
        #expect(store.problem(forKind: StudioKinds.pk) == nil)
        // Break pk and fix quiz: the reload takes quiz and keeps the pk it had.
        try "broken".write(toFile: path + "/pk.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path + "/quiz.json")
        try FileManager.default.copyItem(atPath: ConfiguredStudioFixture.studiosFolder + "/quiz.json", toPath: path + "/quiz.json")
        let reload = try store.reload().get()
        #expect(reload.loaded == 2)
        #expect(reload.skipped.map(\.file) == [path + "/pk.json"])
        #expect(Set(store.configs.keys) == [StudioKinds.audience, StudioKinds.pk, StudioKinds.quiz])
        #expect(store.configs[StudioKinds.pk]?.title == "1v1 PK")
        #expect(store.problem(forKind: StudioKinds.pk) == nil)
    }
}
