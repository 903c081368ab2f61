import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("The app: sessions, configurations and the feed together")
struct StudioAppTests {
    @Test("the audience session lists one room of each kind a viewer watches, the host's own studio not among them")
    func audienceHasViewerKinds() throws {
        let f = try AppFixture()
        let kinds = (0..<9).map { f.app.session.scheme(at: $0).kind ?? "" }
        #expect(Set(kinds) == Set(StudioKinds.all).subtracting([StudioKinds.host]))
        #expect(!f.app.session.hasRoom(at: 9) && !f.app.session.hasRoom(at: -1))
    }

    @Test("a link to the host's own room opens the host session")
    func hostLinkOpensHostSession() throws {
        let f = try AppFixture(start: try Scheme(parsing: "studio://room/110?type=host"))
        #expect(f.app.session.name == "host")
        #expect(f.driver.studio.room.kind == HostRoom.kind)
    }

    @Test("swiping up goes through the rooms in the session's order, each studio of its own type")
    func swipeThroughKinds() throws {
        var script: [Int: [InputEvent]] = [:]
        for i in 0..<3 { script[5 + 40 * i] = [.key(KeyEvent(.up))] }
        let f = try AppFixture(script: script)
        try f.run(frames: 130)
        #expect(f.driver.state.position == 3)
        let expected = f.app.session.scheme(at: 3).kind
        #expect(f.driver.studio.room.kind == expected)
        #expect(f.driver.studio.config.kind == expected)
        #expect(f.app.session.history.count == 3)
    }

    @Test("the hearts a viewer sent in a room (space and taps on the room) reach the session's record when they leave it")
    func heartsReachTheSession() throws {
        let f = try AppFixture(script: [3: [.key(KeyEvent(.space))], 4: [.key(KeyEvent(.space))], 10: [.key(KeyEvent(.up))]])
        try f.run(frames: 60)
        let visit = try #require(f.app.session.history.first)
        #expect(visit.heartsSent == 2)
        #expect(f.driver.studio.hearts.sent == 0)
    }

    @Test("the host session opens only the host's room; another kind is refused with the reason")
    func hostSession() throws {
        let f = try AppFixture(session: "host")
        #expect(f.driver.studio.room.kind == HostRoom.kind)
        #expect {
            _ = try AppFixture(session: "host", start: .room(104, kind: StudioKinds.pk))
        } throws: { error in
            "\(error)".contains("studio://room/104?type=pk") && "\(error)".contains("modules: host view")
                && "\(error)".contains("--session audience")
        }
    }

    @Test("an unknown session is refused with the list of sessions")
    func unknownSession() {
        #expect {
            _ = try AppFixture(session: "director")
        } throws: { error in
            "\(error)".contains("unknown session 'director'") && "\(error)".contains("audience, host")
        }
    }

    @Test("the feed's comments reach the comment list through the driver's inbox")
    func feedReachesRoom() throws {
        let f = try AppFixture(start: .room(101, kind: StudioKinds.audience))
        try f.run(frames: 600)
        let list = try #require(f.driver.studio.widget(named: "commentList", as: CommentListWidget.self))
        #expect(list.comments.contains { $0.kind == .chat })
        #expect(f.driver.state.connection == .connected)
    }

    @Test("the same seed and scenario give the same frames, bit for bit")
    func scenarioReplayIsExact() throws {
        let scenario = try Scenario.load(path: AppFixture.assets.appendingPathComponent("scenarios/demo.jsonl").path)
        let a = try AppFixture(seed: 4, scenario: scenario)
        let b = try AppFixture(seed: 4, scenario: scenario)
        try a.run(frames: 900)
        try b.run(frames: 900)
        #expect(a.backend.rendered.count == 900)
        #expect(a.backend.rendered == b.backend.rendered)
        let c = try AppFixture(seed: 5, scenario: scenario)
        try c.run(frames: 900)
        #expect(a.backend.rendered.last != c.backend.rendered.last)
    }

    @Test("a scenario's disconnect shows in the driver's state and the room, then reconnects with backoff")
    func disconnectScenario() throws {
        let scenario = try Scenario.load(path: AppFixture.assets.appendingPathComponent("scenarios/disconnect.jsonl").path)
        let f = try AppFixture(scenario: scenario)
        var states: [ConnectionState] = []
        for _ in 0..<(40 * 60) {
            try f.run(frames: 1)
            if states.last != f.driver.state.connection { states.append(f.driver.state.connection) }
        }
        let retries = states.compactMap { s -> Double? in
            if case .disconnected(let retry, _) = s { return retry } else { return nil }
        }
        #expect(retries.prefix(3) == [1, 2, 4])
        #expect(states.last == .connected)
    }
}

@Suite("Starting a session at a room")
struct SessionStartTests {
    @Test("starting at a room of the list opens it at its place: the rooms before it are a swipe down away")
    func startRotates() throws {
        let f = try AppFixture(start: .room(103, kind: StudioKinds.hostsLoop))
        let ids = (0..<3).map { f.app.session.scheme(at: $0).id }
        #expect(ids == [103, 104, 105])
        #expect(f.app.session.scheme(at: -1).id == 102)
    }

    @Test("a room not in the list opens first, before the list")
    func startOutsideList() throws {
        let f = try AppFixture(start: .room(900, kind: StudioKinds.quiz))
        #expect(f.app.session.scheme(at: 0) == .room(900, kind: StudioKinds.quiz))
        #expect(f.app.session.scheme(at: 1).id == 101)
        #expect(f.driver.studio.room.kind == QuizRoom.kind)
    }
}
