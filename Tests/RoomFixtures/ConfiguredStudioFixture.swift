import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// A studio of one kind built as the app builds it: its shipped configuration from
/// `Assets/studios`, through `StudioFactory`, in a room of the demo directory; loaded and
/// driven by hand in fixed 1/60 s steps.
package final class ConfiguredStudioFixture: HandDrivenStudio<Room> {
    package let config: StudioConfig

    /// The checkout's `Assets/studios`, found from this file's place.
    package static let studiosFolder: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/studios").path

    package static func shippedConfig(_ kind: RoomKind) throws -> StudioConfig {
        try StudioConfigLoader().load(path: "\(studiosFolder)/\(kind).json")
    }

    package static func room(for kind: RoomKind) -> RoomInfo {
        RoomDirectory.demoRooms.first { $0.kind == kind } ?? RoomDirectory.demoRooms[0]
    }

    /// - Parameter liveServer: the room is a live server's (`studio run --live`), as the app
    ///   builds one: `LiveServerRooms` shared, no one counted yet.
    package convenience init(kind: RoomKind, seed: UInt64 = 7, liveServer: Bool = false) throws {
        try self.init(config: try Self.shippedConfig(kind), seed: seed, liveServer: liveServer)
    }

    package init(config: StudioConfig, seed: UInt64 = 7, load: Bool = true, liveServer: Bool = false) throws {
        self.config = config
        let measurer = ApproximateTextMeasurer()
        let environment = StudioEnvironment(measurer: measurer, seed: seed)
        var room = Self.room(for: config.kind)
        if liveServer {
            environment.share(LiveServerRooms())
            room = RoomDirectory().countedByServer.room(for: .room(room.id, kind: config.kind))
        }
        let studio = try StudioFactory().makeStudio(config: config, room: room, environment: environment)
        super.init(studio, measurer: measurer, load: load)
    }

    /// Every text drawn, in every layer.
    package func texts() -> [String] { draw().allTexts }

    package func widget<W: Widget>(_ name: String, as type: W.Type = W.self) -> W? {
        studio.widget(named: name, as: W.self)
    }
}
