import Testing

@testable import StudioKit

/// A module that opens the kinds it was given and records what it built.
final class KindModule: StudioModule {
    let name: String
    let kinds: Set<RoomKind>
    private(set) var inputs: [ModuleInput] = []

    init(_ name: String, kinds: Set<RoomKind>) {
        self.name = name
        self.kinds = kinds
    }

    func canHandle(_ scheme: Scheme) -> Bool { scheme.kind.map(kinds.contains) ?? false }

    func makeStudio(_ input: ModuleInput) throws -> Room {
        inputs.append(input)
        return Room(room: input.room, environment: makeEnvironment(seed: input.seed))
    }
}

private func directory(_ s: Scheme) -> RoomInfo {
    RoomInfo(id: s.id, kind: s.kind ?? "?", title: "Room \(s.id)", hostName: "h", cover: ImageRef("cover-1"), onlineCount: 1)
}

@Suite("session")
struct SessionTests {
    @Test("the first module that handles a scheme builds its studio from typed input")
    func firstModuleWins() throws {
        let live = KindModule("live", kinds: ["audience", "pk"])
        let alsoPK = KindModule("also pk", kinds: ["pk"])
        let session = Session(
            name: "audience", schemes: [.room(1, kind: "pk")], modules: [live, alsoPK],
            seed: 9, directory: directory)
        let studio = try session.makeStudio(at: 0)
        #expect(live.inputs.map(\.scheme) == [.room(1, kind: "pk")])
        #expect(alsoPK.inputs.isEmpty)
        #expect(studio.room.id == 1)
    }

    @Test("the room list does not wrap: past either end there is no room, and the end room is named")
    func positionsDoNotWrap() {
        let session = Session(
            name: "s", schemes: [.room(1, kind: "a"), .room(2, kind: "b"), .room(3, kind: "c")],
            modules: [], seed: 1, origin: 1, directory: directory)
        #expect([-1, 0, 1].map { session.hasRoom(at: $0) } == [true, true, true])
        #expect(!session.hasRoom(at: -2) && !session.hasRoom(at: 2))
        #expect([-4, -1, 0, 1, 7].map { session.scheme(at: $0).id } == [1, 1, 2, 3, 3])
        #expect { _ = try session.makeStudio(at: 2) } throws: { "\($0)".contains("does not wrap") }
    }

    @Test("a scheme no module handles is an error naming the scheme, the modules and the known kinds")
    func unhandledScheme() {
        let session = Session(
            name: "host", schemes: [.room(5, kind: "quiz")],
            modules: [KindModule("host", kinds: ["host"])], seed: 1, directory: directory)
        session.knownKinds = ["host"]
        #expect {
            _ = try session.makeStudio(for: .room(5, kind: "quiz"))
        } throws: { error in
            let text = "\(error)"
            return text.contains("studio://room/5?type=quiz") && text.contains("modules: host") && text.contains("known studio kinds: host")
        }
    }

    @Test("each room gets its own seed, the same for the same session seed")
    func seedsPerRoom() throws {
        let module = KindModule("live", kinds: ["a"])
        let session = Session(
            name: "s", schemes: [.room(1, kind: "a"), .room(2, kind: "a")], modules: [module],
            seed: 3, directory: directory)
        _ = try session.makeStudio(for: .room(1, kind: "a"))
        _ = try session.makeStudio(for: .room(2, kind: "a"))
        _ = try session.makeStudio(for: .room(1, kind: "a"))
        let seeds = module.inputs.map(\.seed)
        #expect(seeds[0] != seeds[1])
        #expect(seeds[0] == seeds[2])
    }

    @Test("a studio left during a room change hands its output back to the session")
    func outputsReachTheSession() throws {
        let module = KindModule("live", kinds: ["a"])
        let session = Session(
            name: "s", schemes: [.room(1, kind: "a"), .room(2, kind: "a")], modules: [module],
            seed: 3, directory: directory)
        var script = InputScript()
        script.key(.up, at: 10)
        let clock = ManualClock()
        let driver = try StudioDriver(provider: session, backend: ScriptedBackend(script: script.events, keeping: .all), clock: clock)
        for _ in 0..<60 {
            clock.advance(by: 1.0 / 60.0)
            try driver.runFrame()
        }
        let out = try #require(session.history.first)
        #expect(session.history.count == 1)
        #expect(out.scheme == .room(1, kind: "a"))
        #expect(out.watchTime > 0.1)
        #expect(driver.studio.room.id == 2)
    }

    @Test("a room change to an unknown scheme keeps the current room and says why")
    func unknownSchemeKeepsRoom() throws {
        let session = Session(
            name: "s", schemes: [.room(1, kind: "a"), .room(2, kind: "nope")],
            modules: [KindModule("live", kinds: ["a"])], seed: 3, directory: directory)
        var script = InputScript()
        script.key(.up, at: 3)
        let clock = ManualClock()
        var logged: [String] = []
        let driver = try StudioDriver(provider: session, backend: ScriptedBackend(script: script.events, keeping: .all), clock: clock)
        driver.log = { logged.append($0) }
        for _ in 0..<40 {
            clock.advance(by: 1.0 / 60.0)
            try driver.runFrame()
        }
        #expect(driver.studio.room.id == 1)
        #expect(driver.studio.lifecycle == .loaded)
        #expect(driver.state.transition == nil)
        #expect(logged.contains { $0.contains("studio://room/2?type=nope") && $0.contains("staying in room 1") })
    }
}

@Suite("session scheme resolution")
struct SessionResolutionTests {
    @Test("a scheme without a type takes the kind of the room the directory names")
    func kindFromDirectory() throws {
        let module = KindModule("live", kinds: ["pk"])
        let session = Session(name: "s", schemes: [Scheme(id: 4)], modules: [module], seed: 1) { s in
            RoomInfo(id: s.id, kind: s.kind ?? "pk", title: "", hostName: "", cover: ImageRef("c"), onlineCount: 0)
        }
        #expect(session.scheme(at: 0) == .room(4, kind: "pk"))
        _ = try session.makeStudio(for: Scheme(id: 4))
        #expect(module.inputs.map(\.scheme) == [.room(4, kind: "pk")])
    }
}
