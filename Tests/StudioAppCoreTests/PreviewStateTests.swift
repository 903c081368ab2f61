import RoomFixtures
import Foundation
import Testing

@testable import StudioAppCore
@testable import Studios

/// The preview states of Assets/previews.json, checked without rendering: each builds its
/// widget from its options, and its room data is scenario lines the standard vocabulary reads.
@Suite("widget preview states")
struct PreviewStateTests {
    @Test("every standard widget has at least two states, and each builds its widget and reads its room data")
    func everyStateBuilds() throws {
        let previews = try WidgetPreviews(assets: AppFixture.assets)
        #expect(previews.widgets.count >= 40)
        for widget in previews.widgets {
            let states = try previews.states(of: widget)
            #expect(states.count >= 2, "\(widget): \(states.map(\.name))")
            let type = try #require(Catalog.standard.widgets.type(named: widget))
            for state in states {
                let options = WidgetOptions(
                    file: state.file ?? "code", keyPath: state.keyPath ?? "\(widget).\(state.name)", values: state.options)
                #expect(throws: Never.self, "\(widget).\(state.name)") { _ = try type.make(level: type.defaultLevel, options: options) }
                if !state.scenario.isEmpty {
                    #expect(throws: Never.self, "\(widget).\(state.name)") {
                        _ = try Scenario.parse(
                            state.scenario.joined(separator: "\n"), file: "\(widget).\(state.name)",
                            vocabulary: Catalog.standard.scenarioActions)
                    }
                }
            }
        }
    }

    @Test("a previews file's mistakes are named by key path: an unknown key, a repeated state, a bad frame count")
    func fileMistakes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("previews.json")
        let cases: [(String, String)] = [
            (#"{"previews": {"toast": [{"state": "a", "colour": 1}]}}"#, "previews.toast[0].colour: unknown key"),
            (#"{"previews": {"toast": [{"state": "a"}, {"state": "a"}]}}"#, "previews.toast[1].state: 'a' is already a state"),
            (#"{"previews": {"toast": [{"state": "default"}]}}"#, "previews.toast[0].state: 'default' is already a state"),
            (#"{"previews": {"toast": [{"state": "a", "frames": 0}]}}"#, "previews.toast[0].frames: must be a whole number"),
            (#"{"previews": {"toast": [{"state": "a", "scenario": [3]}]}}"#, "previews.toast[0].scenario[0]: must be a scenario line"),
            (#"{"previews": {"toast": {"state": "a"}}}"#, "previews.toast: must be an array of states"),
            (#"{"widgets": {}}"#, "must be an object with one key, \"previews\""),
        ]
        for (text, expected) in cases {
            try Data(text.utf8).write(to: file)
            let error = #expect(throws: ConfigError.self) { try PreviewFile.load(path: file.path, catalog: .standard()) }
            #expect(error.map { "\($0)" }?.contains(expected) == true, "\(text): \(String(describing: error))")
        }
    }
}
