import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Studio factory and registry")
struct StudioFactoryTests {
    let environment = StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 3)

    @Test("the registry knows the ten standard kinds")
    func tenKinds() {
        #expect(StudioTypes.standard.kinds == StudioKinds.all.sorted())
    }

    @Test("an unknown kind is refused with the valid kinds listed")
    func unknownKind() {
        var config = StudioConfig.builtInAudience
        config.kind = "karaoke"
        let expected = UnknownStudioKindError(kind: "karaoke", validKinds: StudioKinds.all.sorted())
        #expect(throws: expected) {
            try StudioFactory().makeStudio(config: config, room: RoomDirectory.demoRooms[0], environment: environment)
        }
        #expect(expected.description == "unknown studio kind 'karaoke'; valid: \(StudioKinds.all.sorted().joined(separator: ", "))")
    }

    @Test("a known kind whose configuration file is missing is refused naming the file and how to restore it")
    func kindWithoutConfig() {
        let configs = [StudioKinds.audience: StudioConfig.builtInAudience]
        let expected = MissingStudioConfigError(kind: "pk", loadedKinds: ["audience"])
        #expect(throws: expected) {
            try StudioFactory().makeStudio(
                kind: "pk", configs: configs, room: RoomDirectory.demoRooms[0],
                environment: environment)
        }
        #expect(expected.description.contains("studios/pk.json is missing"))
        #expect(expected.description.contains("git checkout Assets/studios/pk.json"))
        #expect(!expected.description.contains("unknown studio kind"))
    }

    @Test("a kind no type shows is unknown even when configurations are loaded")
    func unknownKindAmongConfigs() {
        let configs = [StudioKinds.audience: StudioConfig.builtInAudience]
        #expect(throws: UnknownStudioKindError(kind: "karaoke", validKinds: ["audience"])) {
            try StudioFactory().makeStudio(
                kind: "karaoke", configs: configs, room: RoomDirectory.demoRooms[0],
                environment: environment)
        }
    }

    @Test("a configuration built in code with a bad option fails to build, naming the entry")
    func badOptionInCode() {
        var config = StudioConfig.builtInAudience
        config.widgets[0].options = ["dimming": .number(3)]
        #expect(
            throws: ConfigError(
                file: "<built-in>", keyPath: "widgets[0].options.dimming",
                reason: "must be between 0.0 and 1.0 (got 3.0)")
        ) {
            try StudioFactory().makeStudio(config: config, room: RoomDirectory.demoRooms[0], environment: environment)
        }
    }

    @Test("a studio is built unloaded: its widgets load with it")
    func unloaded() throws {
        let studio = try StudioFactory().makeStudio(
            config: .builtInAudience, room: RoomDirectory.demoRooms[0],
            environment: environment)
        #expect(studio.lifecycle == .created)
        #expect(studio.widget(named: "video")?.isLoaded == false)
        studio.load()
        #expect(studio.widget(named: "video")?.isLoaded == true)
    }
}
