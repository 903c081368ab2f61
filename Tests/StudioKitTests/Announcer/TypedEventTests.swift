import Testing

@testable import StudioKit

/// Typed events: a key publishes a value of its payload type, its listeners read it back
/// typed, and an erased payload reads back only through its own key.
@Suite("Announcer typed events")
struct TypedEventTests {
    struct Score: Hashable, Sendable {
        var points: Int
    }

    @Test("a published value reaches the key's typed listener and its erased listener intact")
    func publishReachesListeners() {
        let announcer = Announcer()
        let typed = TypedCollector<Score>()
        typed.listen(to: .scored, on: announcer)
        let erased = LoggingListener("erased", log: CallLog())
        erased.listen(to: .scored, on: announcer)
        announcer.publish(.scored, Score(points: 7))
        announcer.publish(.scored, Score(points: 9))
        announcer.deliverQueued()
        #expect(typed.values == [Score(points: 7), Score(points: 9)])
        #expect(erased.values(of: .scored) == [Score(points: 7), Score(points: 9)])
        #expect(erased.received.map(\.event) == [EventKey.scored.name, EventKey.scored.name])
    }

    @Test("two keys with different payload types never cross: each listener and each key reads only its own")
    func keysDoNotCross() {
        let announcer = Announcer()
        let scores = LoggingListener("scores", log: CallLog())
        let labels = LoggingListener("labels", log: CallLog())
        let both = LoggingListener("both", log: CallLog())
        scores.listen(to: .scored, on: announcer)
        labels.listen(to: .labelled, on: announcer)
        both.listen(to: .scored, on: announcer)
        both.listen(to: .labelled, on: announcer)
        announcer.publish(.labelled, "first")
        announcer.publish(.scored, Score(points: 1))
        announcer.publish(.labelled, "second")
        announcer.deliverQueued()
        #expect(scores.received.map(\.event) == [EventKey.scored.name])
        #expect(labels.received.map(\.event) == [EventKey.labelled.name, EventKey.labelled.name])
        #expect(both.values(of: .scored) == [Score(points: 1)])
        #expect(both.values(of: .labelled) == ["first", "second"])
    }

    @Test("values published one after another each arrive intact, whether a listener keeps the payload or only reads it")
    func reusedBoxesKeepValues() {
        let announcer = Announcer()
        // Reads each value and lets the payload go, so its box is reused for the next value.
        let reader = TypedCollector<Score>()
        reader.listen(to: .scored, on: announcer)
        // Keeps each erased payload, and with it the box it was delivered in.
        let keeper = LoggingListener("keeper", log: CallLog())
        for points in 1...3 {
            announcer.publish(.scored, Score(points: points))
            announcer.deliverQueued()
        }
        keeper.listen(to: .scored, on: announcer)
        for points in 4...6 {
            announcer.publish(.scored, Score(points: points))
            announcer.deliverQueued()
        }
        // Two at once: the second cannot reuse the first's box, still in the queue.
        announcer.publish(.scored, Score(points: 7))
        announcer.publish(.scored, Score(points: 8))
        announcer.deliverQueued()
        #expect(reader.values.map(\.points) == Array(1...8))
        #expect(keeper.values(of: .scored).map(\.points) == [4, 5, 6, 7, 8])
    }

    @Test("an erased payload reads back only through its own key, and compares by name and value")
    func payloadReadsOnlyThroughItsKey() {
        let scored = EventPayload(.scored, Score(points: 3))
        #expect(scored.value(.scored) == Score(points: 3))
        #expect(scored.value(.labelled) == nil)
        #expect(EventPayload(.tick, 3).value(.scored) == nil)
        #expect(scored.is(.scored))
        #expect(!scored.is(.labelled))
        #expect(scored.name == EventKey.scored.name)
        #expect(scored.description == "Score(points: 3)")
        #expect(scored == EventPayload(.scored, Score(points: 3)))
        #expect(scored != EventPayload(.scored, Score(points: 4)))
        #expect(Set([scored, EventPayload(.scored, Score(points: 3))]).count == 1)
        // Equal values under two names are two events.
        #expect(EventPayload(.ping, NoPayload()) != EventPayload(.pong, NoPayload()))
    }

    @Test("a note made with a key carries its value to the key's listener, and notes compare by value")
    func typedNotes() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: .scored, on: announcer)
        let note = StudioNote(.scored, Score(points: 4), roomID: 2)
        #expect(note.name == EventKey.scored.name)
        #expect(note.value(.scored) == Score(points: 4))
        #expect(note.value(.labelled) == nil)
        #expect(note == StudioNote(.scored, Score(points: 4), roomID: 2))
        #expect(note != StudioNote(.scored, Score(points: 5), roomID: 2))
        #expect(note != StudioNote(.scored, Score(points: 4), roomID: 3))
        #expect(Set([note, StudioNote(.scored, Score(points: 4), roomID: 2)]).count == 1)
        announcer.publish(note.event)
        announcer.deliverQueued()
        #expect(listener.values(of: .scored) == [Score(points: 4)])
    }

    @Test("a note of a key that carries nothing is made from the key alone")
    func noPayloadNotes() {
        let note = StudioNote(.ping, roomID: 1)
        #expect(note.name == EventKey.ping.name)
        #expect(note.value(.ping) == NoPayload())
        #expect(note.value(.pong) == nil)
        #expect(note == StudioNote(.ping, NoPayload(), roomID: 1))
        #expect(StudioNote(.ping).roomID == nil)
    }

    @Test("a key's name is interned: same text, same name; it lists and dumps as its text")
    func keyNamesAreInterned() {
        #expect(EventKey.scored.name == EventKey<Score>("test.scored").name)
        #expect(EventKey.scored == EventKey<Score>("test.scored"))
        #expect(EventKey.scored.name != EventKey.labelled.name)
        #expect(EventKey.scored.name.rawValue == "test.scored")
        #expect(EventKey.scored.description == "test.scored: Score")
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: .scored, on: announcer)
        #expect(announcer.subscriptions(of: listener) == [EventKey.scored.name])
    }

    // The guard: a name carries one payload type, so a value is only ever read as its own type.

    @Test("declaring a key's text again with another payload type stops the program, whichever comes first")
    func redeclaringTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = EventKey.scored
            _ = EventKey<String>("test.scored")
        }
        await #expect(processExitsWith: .failure) {
            _ = EventKey.ping
            _ = EventKey<Score>("ping")
        }
        await #expect(processExitsWith: .failure) {
            _ = EventKey<Score>("ping")
            _ = EventKey.ping
        }
    }
}

extension EventKey where Payload == TypedEventTests.Score {
    static let scored = EventKey("test.scored")
}

extension EventKey where Payload == String {
    static let labelled = EventKey("test.labelled")
}
