import RoomFixtures
import StudioKit
import Studios
import Testing

/// An application's own server message, as a package built on LiveStudio declares it: only
/// the public API, no `@testable`.
struct Vote: Hashable, Sendable {
    var user: String
    var option: Int
}

extension EventKey where Payload == Vote {
    static let voteCast = EventKey("test.voteCast")
}

extension ScenarioVocabulary {
    /// `{"t": 1, "vote": {"user": "Mia", "option": 2}}`
    static let votes = ScenarioVocabulary([
        .message("vote", .voteCast) { line in
            let o = try line.fields.object(line.action, fields: ["user", "option"])
            return Vote(user: try o.string("user"), option: try o.int("option", in: 1...4))
        }
    ])
}

@Suite("Scenario actions an application adds")
struct ScenarioVocabularyTests {
    static let text = """
        {"t": 0.5, "likes": 3}
        {"t": 1, "vote": {"user": "Mia", "option": 2}}
        """

    @Test("an added action decodes into its typed message, beside the standard ones")
    func addedAction() throws {
        let scenario = try Scenario.parse(Self.text, file: "votes.jsonl", vocabulary: .standard + .votes)
        let notes = scenario.entries.compactMap { entry -> StudioNote? in
            if case .note(let note) = entry.action { note } else { nil }
        }
        #expect(notes.map(\.name) == [EventKey.likesArrived.name, EventKey.voteCast.name])
        #expect(notes.last?.value(.voteCast) == Vote(user: "Mia", option: 2))
        #expect(notes.first?.value(.voteCast) == nil)
    }

    @Test("without it, the line is an error naming the file, the line and the actions known")
    func unknownAction() throws {
        #expect {
            _ = try Scenario.parse(Self.text, file: "votes.jsonl")
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("votes.jsonl:2") && text.contains("vote") && text.contains("likes, enter, leave")
        }
    }

    @Test("an added action's own checks give their errors at the key path")
    func valueErrors() throws {
        #expect {
            _ = try Scenario.parse(#"{"t": 1, "vote": {"user": "Mia", "option": 9}}"#, file: "v.jsonl", vocabulary: .standard + .votes)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("v.jsonl:1") && text.contains("vote.option") && text.contains("between 1 and 4")
        }
    }

    @Test("a catalog carries its actions, and an action added twice is a problem it reports")
    func catalog() {
        let app = Catalog.standard + Catalog(scenarioActions: .votes)
        #expect(app.scenarioActions.decoder(for: "vote") != nil)
        #expect(app.scenarioActions.decoder(for: "comment") != nil)
        #expect(app.problems().isEmpty)
        let twice = app + Catalog(scenarioActions: .votes)
        #expect(twice.problems().map(\.description) == ["the scenario action 'vote' is added twice; give one of them another name"])
    }
}
