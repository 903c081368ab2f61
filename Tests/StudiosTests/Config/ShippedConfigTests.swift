import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Shipped studio configurations")
struct ShippedConfigTests {
    let folder = ConfiguredStudioFixture.studiosFolder

    @Test("every file in Assets/studios loads without an error")
    func folderChecks() {
        let errors = StudioConfigLoader().checkFolder(path: folder)
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
    }

    @Test("there is one configuration per studio kind, each named after its kind")
    func oneFilePerKind() throws {
        let configs = try StudioConfigLoader().loadFolder(path: folder)
        #expect(Set(configs.keys) == Set(StudioKinds.all))
        for (kind, config) in configs {
            #expect(config.kind == kind)
            #expect(config.file.hasSuffix("/\(kind).json"))
        }
    }

    @Test("each configuration has a badge with its own title, and the titles differ")
    func titlesDiffer() throws {
        let configs = try StudioConfigLoader().loadFolder(path: folder)
        #expect(Set(configs.values.map(\.title)).count == configs.count)
        for config in configs.values {
            #expect(config.entry(named: StudioBadgeWidget.catalogName) != nil, "\(config.kind) has no badge")
        }
    }

    @Test("only the playback configuration goes without keep-alive")
    func keepAlive() throws {
        let configs = try StudioConfigLoader().loadFolder(path: folder)
        for (kind, config) in configs {
            #expect(config.feed.keepAlive == (kind != StudioKinds.playback), "\(kind)")
        }
    }

    @Test("a folder without configurations is an error naming the folder")
    func emptyFolder() throws {
        let empty = ConfiguredStudioFixture.studiosFolder + "/../images"
        let errors = StudioConfigLoader().checkFolder(path: empty)
        #expect(errors.count == 1)
        #expect(errors.first?.file == empty)
        #expect(errors.first?.reason.contains("holds no studio configurations") == true)
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        #expect(
            throws: ConfigError(
                file: "nowhere/pk.json",
                reason: "no such file; studio configurations are Assets/studios/<kind>.json")
        ) {
            try StudioConfigLoader().load(path: "nowhere/pk.json")
        }
    }
}
