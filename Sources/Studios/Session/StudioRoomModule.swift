import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// A module that opens room schemes of a set of kinds: it takes the scheme and
/// its room as typed input and builds the studio through `build`, which knows the
/// configurations and studio types. Sessions differ by which of these they hold.
package final class StudioRoomModule: StudioModule {
    package typealias Build = (_ kind: RoomKind, _ room: RoomInfo, _ environment: StudioEnvironment) throws -> Room

    package let name: String
    package let kinds: Set<RoomKind>
    private let measurer: TextMeasurer
    private let build: Build

    package init(name: String, kinds: Set<RoomKind>, measurer: TextMeasurer, build: @escaping Build) {
        self.name = name
        self.kinds = kinds
        self.measurer = measurer
        self.build = build
    }

    package func canHandle(_ scheme: Scheme) -> Bool {
        scheme.target == "room" && scheme.kind.map(kinds.contains) == true
    }

    package func makeStudio(_ input: ModuleInput) throws -> Room {
        try build(input.room.kind, input.room, StudioEnvironment(measurer: measurer, seed: input.seed))
    }
}
