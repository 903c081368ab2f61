import StudioKit

/// The sessions the app offers (seed 001: different sessions inject different modules):
/// - `audience`: a viewer swiping through one room of each of the ten kinds; live rooms,
///   playback and the host's own view each come from their own module;
/// - `host`: the streamer's own room only; it opens nothing else.
public enum Sessions {
    public static let names = ["audience", "host"]

    public struct UnknownSessionError: Error, CustomStringConvertible {
        public let name: String
        public var description: String {
            "unknown session '\(name)'; valid sessions: \(Sessions.names.joined(separator: ", "))"
        }
    }

    /// Builds the named session.
    /// - Parameters:
    ///   - start: a room to open first (it takes position 0 and the list continues from it).
    ///   - build: makes a studio of a kind (the studio factory over the loaded configurations).
    public static func make(_ name: String, start: Scheme? = nil, seed: UInt64, measurer: TextMeasurer,
                            directory: RoomDirectory = RoomDirectory(),
                            build: @escaping StudioRoomModule.Build) throws -> Session {
        let live = Set(StudioKinds.all).subtracting([StudioKinds.playback, StudioKinds.host])
        let modules: [StudioModule]
        var schemes: [Scheme]
        switch name {
        case "audience":
            modules = [
                StudioRoomModule(name: "live room", kinds: live, measurer: measurer, build: build),
                StudioRoomModule(name: "playback", kinds: [StudioKinds.playback], measurer: measurer, build: build),
                StudioRoomModule(name: "host view", kinds: [StudioKinds.host], measurer: measurer, build: build),
            ]
            schemes = directory.schemes
        case "host":
            modules = [StudioRoomModule(name: "host view", kinds: [StudioKinds.host], measurer: measurer, build: build)]
            schemes = directory.schemes.filter { $0.kind == StudioKinds.host }
        default:
            throw UnknownSessionError(name: name)
        }
        if let start {
            // Start there and keep the list's order from it: swiping up goes to the room
            // that follows it in the list. A room not in the list goes first.
            if let i = schemes.firstIndex(where: { $0.id == start.id }) {
                schemes = Array(schemes[i...] + schemes[..<i])
                schemes[0] = start
            } else {
                schemes.insert(start, at: 0)
            }
        }
        let session = Session(name: name, schemes: schemes, modules: modules, seed: seed,
                              directory: directory.room(for:))
        session.knownKinds = StudioKinds.all
        return session
    }
}
