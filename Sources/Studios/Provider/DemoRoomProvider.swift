import StudioKit

/// The rooms of the desktop demo: a fixed list that wraps around in both directions, each
/// shown in a `SingleHostStudio`. Every studio gets its own environment whose seed derives
/// from the provider's seed and the room id, so a room looks the same every time it opens
/// and two rooms differ.
public final class DemoRoomProvider: StudioProvider {
    public let rooms: [RoomInfo]
    public let seed: UInt64
    public let measurer: TextMeasurer
    public let viewport: Size

    /// - Parameters:
    ///   - measurer: measures text for the studios' layout (the backend's).
    ///   - seed: the base of every room's seed.
    ///   - rooms: the list to cycle through; not empty.
    public init(measurer: TextMeasurer, seed: UInt64 = 1, rooms: [RoomInfo] = DemoRoomProvider.demoRooms,
                viewport: Size = .studio) {
        precondition(!rooms.isEmpty, "DemoRoomProvider needs at least one room")
        self.measurer = measurer
        self.seed = seed
        self.rooms = rooms
        self.viewport = viewport
    }

    public func room(at position: Int) -> RoomInfo {
        let n = rooms.count
        return rooms[(position % n + n) % n]
    }

    /// The seed of `room`'s environment.
    public func seed(for room: RoomInfo) -> UInt64 {
        mixSeed(seed, UInt64(bitPattern: Int64(room.id)))
    }

    /// - Throws: `DemoRoomProviderError.unsupportedKind` for a room this provider has no
    ///   studio type for.
    public func makeStudio(for room: RoomInfo, position: Int) throws -> CoreBusinessStudio {
        guard room.kind == SingleHostStudio.kind else {
            throw DemoRoomProviderError.unsupportedKind(room.kind, roomID: room.id)
        }
        let environment = StudioEnvironment(measurer: measurer, seed: seed(for: room), viewport: viewport)
        return SingleHostStudio(room: room, environment: environment)
    }
}

/// Why the demo provider cannot build a studio.
public enum DemoRoomProviderError: Error, Equatable, CustomStringConvertible {
    case unsupportedKind(String, roomID: Int)

    public var description: String {
        switch self {
        case .unsupportedKind(let kind, let id):
            return "room \(id) has kind '\(kind)', but the demo only has '\(SingleHostStudio.kind)' studios"
        }
    }
}
