import StudioFoundation

/// The session: the coordinator that owns navigation. It holds a list of room
/// schemes and a set of modules; the driver asks it for the room at a position and the
/// session asks the first module that handles that room's scheme to build the studio. When
/// a studio is left, its output comes back here. Different sessions (audience, host) are
/// made with different modules and room lists.
open class Session: StudioProvider {
    public let name: String
    package private(set) var schemes: [Scheme]
    package let modules: [StudioModule]
    /// Looks up the room a scheme names (title, host, cover...).
    public let directory: (Scheme) -> RoomInfo
    public let seed: UInt64
    /// Outputs of the studios left so far, oldest first.
    package private(set) var history: [StudioOutput] = []
    /// Kinds this session's modules know, for error messages.
    package var knownKinds: [RoomKind] = []
    /// Where a room this session refuses opens instead, for error messages.
    package var unhandledHint: String?

    /// Position 0 is `schemes[origin]`: a session opened at a room of its list starts there,
    /// with the rooms before it one swipe down and the rooms after it one swipe up.
    package let origin: Int

    /// - Parameter origin: the index of the room that opens first (clamped into the list).
    public init(
        name: String, schemes: [Scheme], modules: [StudioModule], seed: UInt64, origin: Int = 0,
        directory: @escaping (Scheme) -> RoomInfo
    ) {
        precondition(!schemes.isEmpty, "a session needs at least one room")
        self.name = name
        self.modules = modules
        self.seed = seed
        self.directory = directory
        self.schemes = schemes.map { Self.resolve($0, directory) }
        self.origin = min(max(origin, 0), schemes.count - 1)
    }

    /// A scheme that names no kind (`studio://room/42`) takes the kind of the room it names.
    public func resolve(_ scheme: Scheme) -> Scheme { Self.resolve(scheme, directory) }

    private static func resolve(_ scheme: Scheme, _ directory: (Scheme) -> RoomInfo) -> Scheme {
        guard scheme.kind == nil else { return scheme }
        var full = scheme
        full.parameters["type"] = directory(scheme).kind.rawValue
        return full
    }

    /// The list does not wrap, as in the reference apps: past the first and the last room
    /// the room gesture bounces (the driver asks `hasRoom(at:)` first).
    public func hasRoom(at position: Int) -> Bool { schemes.indices.contains(origin + position) }

    /// The scheme at `position`; a position past either end names the room at that end.
    package func scheme(at position: Int) -> Scheme {
        schemes[index(of: position)]
    }

    private func index(of position: Int) -> Int { min(max(origin + position, 0), schemes.count - 1) }

    /// The first module that handles `scheme`.
    /// - Throws: `UnhandledSchemeError` listing the modules and known kinds.
    public func module(for scheme: Scheme) throws -> StudioModule {
        guard let module = modules.first(where: { $0.canHandle(scheme) }) else {
            throw UnhandledSchemeError(scheme: scheme, modules: modules.map(\.name), kinds: knownKinds, hint: unhandledHint)
        }
        return module
    }

    /// Builds the studio for a scheme (the driver's room list aside: opening a link).
    public func makeStudio(for scheme: Scheme) throws -> Room {
        let scheme = resolve(scheme)
        let module = try module(for: scheme)
        let room = directory(scheme)
        return try module.makeStudio(
            ModuleInput(scheme: scheme, room: room, seed: SeededRandom.derive(seed, UInt64(room.id), offset: SeededRandom.increment)))
    }

    /// Puts `scheme` at `position` of the list (opening a link replaces where you are); a
    /// position past either end replaces the room at that end.
    package func replace(at position: Int, with scheme: Scheme) {
        schemes[index(of: position)] = resolve(scheme)
    }

    // MARK: StudioProvider

    public func room(at position: Int) -> RoomInfo { directory(scheme(at: position)) }

    /// - Throws: `NoRoomError` past either end of the list.
    public func makeStudio(at position: Int) throws -> Room {
        guard hasRoom(at: position) else { throw NoRoomError(position: position, count: schemes.count, origin: origin) }
        return try makeStudio(for: scheme(at: position))
    }

    open func studioDidLeave(_ output: StudioOutput) {
        history.append(output)
    }
}

/// A position past either end of a session's room list (the list does not wrap).
public struct NoRoomError: Error, Hashable, Sendable, CustomStringConvertible {
    package let position: Int
    public let count: Int
    package let origin: Int

    public var description: String {
        "no room at position \(position): the session's \(count) rooms are at positions "
            + "\(-origin)...\(count - 1 - origin) and the list does not wrap"
    }
}
