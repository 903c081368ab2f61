import StudioKit
import Testing
@testable import Studios

@Suite("Demo room provider")
struct DemoRoomProviderTests {
    let provider = DemoRoomProvider(measurer: ApproximateTextMeasurer(), seed: 99)

    @Test("positions wrap around the room list in both directions")
    func wraps() {
        let n = provider.rooms.count
        #expect(provider.room(at: n) == provider.room(at: 0))
        #expect(provider.room(at: -1) == provider.room(at: n - 1))
        #expect(provider.room(at: 3 * n + 2) == provider.room(at: 2))
    }

    @Test("the demo rooms are distinct: ids, hosts, titles and covers")
    func distinct() {
        let rooms = provider.rooms
        #expect(rooms.count == 5)
        #expect(Set(rooms.map(\.id)).count == 5)
        #expect(Set(rooms.map(\.hostName)).count == 5)
        #expect(Set(rooms.map(\.title)).count == 5)
        #expect(Set(rooms.map(\.cover)) == Set((1...5).map { ImageRef("cover-\($0)") }))
        #expect(rooms.contains { $0.hostName.unicodeScalars.contains { $0.value >= 0x4E00 } })
    }

    @Test("a room's seed depends on the base seed and the room id only")
    func seeds() {
        let other = DemoRoomProvider(measurer: ApproximateTextMeasurer(), seed: 100)
        let room = provider.room(at: 1)
        #expect(provider.seed(for: room) == DemoRoomProvider(measurer: ApproximateTextMeasurer(), seed: 99).seed(for: room))
        #expect(provider.seed(for: room) != other.seed(for: room))
        #expect(Set(provider.rooms.map(provider.seed(for:))).count == provider.rooms.count)
    }

    @Test("makeStudio builds an unloaded single-host studio for the room")
    func makesStudio() throws {
        let room = provider.room(at: 2)
        let studio = try provider.makeStudio(for: room, position: 2)
        #expect(studio is SingleHostStudio)
        #expect(studio.room == room)
        #expect(studio.lifecycle == .created)
    }

    @Test("makeStudio refuses a room kind it has no studio for")
    func unsupportedKind() {
        var room = provider.room(at: 0)
        room.kind = "pk"
        #expect(throws: DemoRoomProviderError.unsupportedKind("pk", roomID: room.id)) {
            try provider.makeStudio(for: room, position: 0)
        }
    }
}
