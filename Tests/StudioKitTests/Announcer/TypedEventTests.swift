import Testing
@testable import StudioKit

/// Typed events: a key posts a value of its payload type, its listeners read it back typed,
/// and nothing else can post under its name.
@Suite("Announcer typed events")
struct TypedEventTests {
    struct Score: Hashable, Sendable {
        var points: Int
    }

    @Test("a typed post reaches the key's listener with its value and sender")
    func typedPostReachesListener() throws {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: EventKey.scored.name, on: announcer)
        let sender = LoggingListener("sender", log: CallLog())
        announcer.post(.scored, sender: sender, Score(points: 7))
        announcer.post(.scored, Score(points: 9))
        announcer.deliverQueued()
        let values = listener.received.compactMap { EventKey.scored.payload($0.event, $0.payload) }
        #expect(values == [Score(points: 7), Score(points: 9)])
        #expect(listener.received.first?.sender === sender)
    }

    @Test("two keys with different payload types never cross: each listener and each key reads only its own")
    func keysDoNotCross() {
        let announcer = Announcer()
        let scores = LoggingListener("scores", log: CallLog())
        let labels = LoggingListener("labels", log: CallLog())
        let both = LoggingListener("both", log: CallLog())
        scores.listen(to: EventKey.scored.name, on: announcer)
        labels.listen(to: EventKey.labelled.name, on: announcer)
        both.listen(to: EventKey.scored.name, on: announcer)
        both.listen(to: EventKey.labelled.name, on: announcer)
        announcer.post(.labelled, "first")
        announcer.post(.scored, Score(points: 1))
        announcer.post(.labelled, "second")
        announcer.deliverQueued()
        #expect(scores.received.map(\.event) == [EventKey.scored.name])
        #expect(labels.received.map(\.event) == [EventKey.labelled.name, EventKey.labelled.name])
        #expect(both.received.compactMap { EventKey.scored.payload($0.event, $0.payload) } == [Score(points: 1)])
        #expect(both.received.compactMap { EventKey.labelled.payload($0.event, $0.payload) } == ["first", "second"])
    }

    @Test("values posted one after another each arrive intact, whether a listener keeps the payload or only reads it")
    func reusedBoxesKeepValues() {
        final class Reader: EventListener {
            var values: [Score] = []
            var token: SubscriptionToken?
            func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
                if let score = EventKey.scored.payload(name, userInfo) { values.append(score) }
            }
        }
        let announcer = Announcer()
        let reader = Reader()
        reader.token = announcer.subscribe(reader, to: .scored)
        let keeper = LoggingListener("keeper", log: CallLog())
        for points in 1...3 {
            announcer.post(.scored, Score(points: points))
            announcer.deliverQueued()
        }
        keeper.listen(to: EventKey.scored.name, on: announcer)
        for points in 4...6 {
            announcer.post(.scored, Score(points: points))
            announcer.deliverQueued()
        }
        // Two at once: the second cannot reuse the first's box, still in the queue.
        announcer.post(.scored, Score(points: 7))
        announcer.post(.scored, Score(points: 8))
        announcer.deliverQueued()
        #expect(reader.values.map(\.points) == Array(1...8))
        #expect(keeper.received.map { EventKey.scored.value(in: $0.payload).points } == [4, 5, 6, 7, 8])
    }

    @Test("a key reads nothing from another event, typed or not")
    func keyIgnoresOtherEvents() {
        let labelled = EventKey.labelled.payload(EventKey.scored.name, .none)
        let fromPing = EventKey.scored.payload(.ping, .int(3))
        #expect(labelled == nil && fromPing == nil)
    }

    @Test("a note made with a key carries its value to the key's listener, and notes compare by value")
    func typedNotes() {
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: EventKey.scored.name, on: announcer)
        let note = StudioNote(.scored, Score(points: 4), roomID: 2)
        #expect(note.value(.scored) == Score(points: 4))
        #expect(note.value(.labelled) == nil)
        #expect(note == StudioNote(.scored, Score(points: 4), roomID: 2))
        #expect(note != StudioNote(.scored, Score(points: 5), roomID: 2))
        #expect(Set([note, StudioNote(.scored, Score(points: 4), roomID: 2)]).count == 1)
        announcer.post(note)
        announcer.deliverQueued()
        #expect(listener.received.compactMap { EventKey.scored.payload($0.event, $0.payload) } == [Score(points: 4)])
    }

    @Test("a key's name is an interned name: same text, same name; it lists and dumps as one")
    func keyNamesAreInterned() {
        #expect(EventKey.scored.name == EventKey<Score>("test.scored").name)
        #expect(EventKey.scored.name.rawValue == "test.scored")
        let announcer = Announcer()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: EventKey.scored.name, on: announcer)
        #expect(announcer.subscriptions(of: listener) == [EventKey.scored.name])
        #expect(announcer.subscriptions(of: listener).allSatisfy { $0.isTyped })
    }

    // The guard: a value can never be posted under a typed name except through its key.

    @Test("an untyped post under a typed key's name stops the program, in every build")
    func untypedPostOfTypedNameTraps() async {
        await #expect(processExitsWith: .failure) {
            Announcer().post(EventKey.scored.name, .int(3))
        }
    }

    @Test("an untyped post of a typed payload under another name stops the program")
    func untypedPostOfTypedPayloadTraps() async {
        await #expect(processExitsWith: .failure) {
            let note = StudioNote(.scored, Score(points: 1))
            Announcer().post(.ping, note.payload)
        }
    }

    @Test("an untyped note under a typed key's name stops the program")
    func untypedNoteOfTypedNameTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = StudioNote(EventKey.scored.name, .none)
        }
    }

    @Test("declaring a key's text again with another payload type, or as a plain name, stops the program")
    func redeclaringTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = EventKey.scored
            _ = EventKey<String>("test.scored")
        }
        await #expect(processExitsWith: .failure) {
            _ = EventKey.scored
            _ = EventName("test.scored")
        }
        await #expect(processExitsWith: .failure) {
            _ = EventName.ping
            _ = EventKey<Score>("ping")
        }
    }

    @Test("a key reading a typed name's event with a foreign payload (a hand-made call) stops the program")
    func mismatchedHandCallTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = EventKey.scored.payload(EventKey.scored.name, .int(3))
        }
    }
}

extension EventKey where Payload == TypedEventTests.Score {
    static let scored = EventKey("test.scored")
}

extension EventKey where Payload == String {
    static let labelled = EventKey("test.labelled")
}
