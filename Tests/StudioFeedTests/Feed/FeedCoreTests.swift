import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Feed core")
struct FeedCoreTests {
    static func core(
        _ rates: FeedRates = FeedRates(comments: 5, gifts: 1, likes: 10, enters: 1, leaves: 1),
        scenario: Scenario? = nil
    ) -> FeedCore {
        FeedCore(seed: 42, scenario: scenario, rates: { _ in rates })
    }

    @Test("entering a room announces the connection to it, and its notes carry its id")
    func enterRoom() {
        var core = Self.core()
        let entered = core.apply(.driver(.roomEntered(FeedFixture.room)))
        #expect(
            entered.map(\.note) == [
                StudioNote(
                    .connectionChanged, ConnectionState.connected,
                    roomID: FeedFixture.room.id)
            ])
        let notes = FeedFixture.run(&core, seconds: 5)
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.note.roomID == FeedFixture.room.id })
    }

    @Test("a left room gets no more notes; a newly entered one does")
    func leaveRoom() {
        var core = Self.core()
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        _ = FeedFixture.run(&core, seconds: 2)
        _ = core.apply(.driver(.roomLeft(FeedFixture.room)))
        _ = core.apply(.driver(.roomEntered(FeedFixture.otherRoom)))
        let notes = FeedFixture.run(&core, from: 2, seconds: 5)
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.note.roomID == FeedFixture.otherRoom.id })
        #expect(core.status.rooms == [FeedFixture.otherRoom.id])
    }

    @Test("a dropped connection loses the notes of its outage, counts them, and resumes on reconnect")
    func outage() {
        var core = Self.core()
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        _ = FeedFixture.run(&core, seconds: 2)
        _ = core.apply(.failNextReconnects(2))
        let dropped = core.apply(.disconnect)
        #expect(dropped.map(\.note.name) == [EventKey.connectionChanged.name, EventKey.systemMessage.name])
        // Down 1 + 0.5 + 2 + 0.5 + 4 + 0.5 = 8.5 s; reconnected at 10.5 s.
        let during = FeedFixture.run(&core, from: 2, seconds: 8.5)
        #expect(during.allSatisfy { $0.note.event.is(.connectionChanged) || $0.note.event.is(.systemMessage) })
        #expect(during.last?.note.value(.systemMessage) == "Reconnected")
        #expect(core.status.missedWhileDisconnected > 20)
        let after = FeedFixture.run(&core, from: 10.5, seconds: 3)
        #expect(after.named(.commentArrived).count > 5)
    }

    @Test("new rates apply from the moment they are set")
    func setRates() {
        var core = Self.core(FeedRates(comments: 1))
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        _ = FeedFixture.run(&core, seconds: 10)
        _ = core.apply(.setRates(FeedRates(comments: 0, likes: 50)))
        let notes = FeedFixture.run(&core, from: 10, seconds: 10)
        #expect(notes.named(.commentArrived).isEmpty)
        #expect(notes.named(.likesArrived).count > 5)
    }

    @Test("a scenario's messages are merged in time order and stamped with the current room")
    func scenarioMerged() throws {
        let scenario = try Scenario.parse(
            """
            {"t": 0.5, "comment": {"user": "Yuki", "text": "scripted"}}
            {"t": 1, "tap": {"x": 100, "y": 100}}
            {"t": 2, "system": "scripted notice"}
            """, file: "inline.jsonl")
        var core = Self.core(FeedRates(comments: 3), scenario: scenario)
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        let notes = FeedFixture.run(&core, seconds: 3)
        let scripted = notes.filter { $0.note.value(.commentArrived)?.text == "scripted" || $0.note.event.is(.systemMessage) }
        #expect(scripted.map(\.time) == [0.5, 2])
        #expect(scripted.allSatisfy { $0.note.roomID == FeedFixture.room.id })
        #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("a scenario's drop and failures drive the connection")
    func scenarioDrop() throws {
        let scenario = try Scenario.parse(
            """
            {"t": 1, "connection": "fail"}
            {"t": 1, "connection": "drop"}
            {"t": 1.2, "comment": {"user": "Yuki", "text": "lost"}}
            """, file: "inline.jsonl")
        var core = Self.core(FeedRates(), scenario: scenario)
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        let states = FeedFixture.run(&core, seconds: 6).compactMap { $0.note.value(.connectionChanged) }
        #expect(
            states == [
                .disconnected(retryIn: 1, attempt: 1), .connecting, .disconnected(retryIn: 2, attempt: 2),
                .connecting, .connected,
            ])
        #expect(core.status.missedWhileDisconnected == 1)
    }

    @Test("a playback room hears nothing, not even about the connection")
    func playback() {
        var core = FeedCore(seed: 1, rates: { _ in .playback })
        #expect(core.apply(.driver(.roomEntered(FeedFixture.room))).isEmpty)
        _ = core.apply(.disconnect)
        #expect(FeedFixture.run(&core, seconds: 30).isEmpty)
    }

    @Test("with another component as the rooms' server, nothing is simulated: no audience, no connection, whatever the rates")
    func serverElsewhere() {
        var core = FeedCore(seed: 1, serverElsewhere: true, rates: { _ in .pk })
        #expect(core.apply(.driver(.roomEntered(FeedFixture.room))).isEmpty)
        _ = core.apply(.disconnect)
        #expect(FeedFixture.run(&core, seconds: 60).isEmpty)
        // A scenario's scripted notes still play: what a person wrote, not what was made up.
        let line = StudioNote(.systemMessage, "scripted")
        let scenario = Scenario(file: "s.jsonl", entries: [ScenarioEntry(time: 1, line: 1, action: .note(line))])
        var scripted = FeedCore(seed: 1, scenario: scenario, serverElsewhere: true, rates: { _ in .live })
        _ = scripted.apply(.driver(.roomEntered(FeedFixture.room)))
        let played: [TimedNote] = FeedFixture.run(&scripted, seconds: 5)
        #expect(played.map(\.note.name) == [line.name])
    }

    @Test("after shutdown the core produces nothing")
    func shutdown() {
        var core = Self.core()
        _ = core.apply(.driver(.roomEntered(FeedFixture.room)))
        _ = core.apply(.driver(.shutdown))
        #expect(FeedFixture.run(&core, seconds: 5).isEmpty)
        #expect(core.status.isShutDown)
    }
}
