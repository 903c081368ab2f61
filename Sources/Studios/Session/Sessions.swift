import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The sessions the app offers:
/// - `audience`: a viewer swiping through one room of each kind a viewer watches (every kind
///   but the host's own studio); live rooms and playback each come from their own module;
/// - `host`: the streamer's own room only; it opens nothing else, and the host leaves it by
///   ending the stream (or quitting), not by swiping.
///
/// The host's own studio belongs to the host session: a link to a room of the host kind
/// opens the host session, whichever session was asked for.
package enum Sessions {
    package static let names = ["audience", "host"]

    package struct UnknownSessionError: Error, CustomStringConvertible {
        package let name: String
        package var description: String {
            "unknown session '\(name)'; valid sessions: \(Sessions.names.joined(separator: ", "))"
        }
    }

    /// Builds the named session.
    /// - Parameters:
    ///   - name: one of `names`: "audience" or "host".
    ///   - start: a room to open first. A room of the list opens at its place (the rooms before
    ///     it are a swipe down away); a room not in the list goes first.
    ///   - seed: the session's base seed; each room's seed is mixed from it and the room id.
    ///   - measurer: measures text for the studios the session builds.
    ///   - kinds: the registered kinds; the audience session opens every one but the host's.
    ///   - directory: the rooms the session's schemes come from.
    ///   - build: makes a studio of a kind (the studio factory over the loaded configurations).
    package static func make(
        _ name: String, start: Scheme? = nil, seed: UInt64, measurer: TextMeasurer,
        kinds: [RoomKind] = StudioKinds.all, directory: RoomDirectory = RoomDirectory(),
        build: @escaping StudioRoomModule.Build
    ) throws -> Session {
        guard names.contains(name) else { throw UnknownSessionError(name: name) }
        let name = start.map(directory.room(for:))?.kind == StudioKinds.host ? "host" : name
        let viewed = Set(kinds).subtracting([StudioKinds.playback, StudioKinds.host])
        let modules: [StudioModule]
        var schemes: [Scheme]
        if name == "audience" {
            modules = [
                StudioRoomModule(name: "live room", kinds: viewed, measurer: measurer, build: build),
                StudioRoomModule(name: "playback", kinds: [StudioKinds.playback], measurer: measurer, build: build),
            ]
            schemes = directory.schemes.filter { $0.kind != StudioKinds.host }
        } else {
            modules = [StudioRoomModule(name: "host view", kinds: [StudioKinds.host], measurer: measurer, build: build)]
            schemes = directory.schemes.filter { $0.kind == StudioKinds.host }
        }
        var origin = 0
        if let start {
            if let i = schemes.firstIndex(where: { $0.id == start.id }) {
                schemes[i] = start
                origin = i
            } else {
                schemes.insert(start, at: 0)
            }
        }
        let session = Session(
            name: name, schemes: schemes, modules: modules, seed: seed, origin: origin,
            directory: directory.room(for:))
        session.knownKinds = name == "audience" ? kinds.filter { $0 != StudioKinds.host } : [StudioKinds.host]
        if name == "host" {
            session.unhandledHint =
                "the host session opens only the host's own room; a viewer's room opens in the audience session (--session audience)"
        }
        return session
    }
}
