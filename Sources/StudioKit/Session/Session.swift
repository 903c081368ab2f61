/// The session (seed 001): the coordinator that owns navigation. It holds a list of room
/// schemes and a set of modules; the driver asks it for the room at a position and the
/// session asks the first module that handles that room's scheme to build the studio. When
/// a studio is left, its output comes back here. Different sessions (audience, host) are
/// made with different modules and room lists.
open class Session: StudioProvider {
    public let name: String
    public private(set) var schemes: [Scheme]
    public let modules: [StudioModule]
    /// Looks up the room a scheme names (title, host, cover...).
    public let directory: (Scheme) -> RoomInfo
    public let seed: UInt64
    /// Outputs of the studios left so far, oldest first.
    public private(set) var history: [StudioOutput] = []
    /// Kinds this session's modules know, for error messages.
    public var knownKinds: [String] = []

    public init(name: String, schemes: [Scheme], modules: [StudioModule], seed: UInt64,
                directory: @escaping (Scheme) -> RoomInfo) {
        precondition(!schemes.isEmpty, "a session needs at least one room")
        self.name = name
        self.modules = modules
        self.seed = seed
        self.directory = directory
        self.schemes = schemes.map { Self.resolve($0, directory) }
    }

    /// A scheme that names no kind (`studio://room/42`) takes the kind of the room it names.
    public func resolve(_ scheme: Scheme) -> Scheme { Self.resolve(scheme, directory) }

    private static func resolve(_ scheme: Scheme, _ directory: (Scheme) -> RoomInfo) -> Scheme {
        guard scheme.kind == nil else { return scheme }
        var full = scheme
        full.parameters["type"] = directory(scheme).kind
        return full
    }

    /// The scheme at `position`; positions wrap around the list both ways.
    public func scheme(at position: Int) -> Scheme {
        let n = schemes.count
        return schemes[((position % n) + n) % n]
    }

    /// The first module that handles `scheme`.
    /// - Throws: `UnhandledSchemeError` listing the modules and known kinds.
    public func module(for scheme: Scheme) throws -> StudioModule {
        guard let module = modules.first(where: { $0.canHandle(scheme) }) else {
            throw UnhandledSchemeError(scheme: scheme, modules: modules.map(\.name), kinds: knownKinds)
        }
        return module
    }

    /// Builds the studio for a scheme (the driver's room list aside: opening a link).
    public func makeStudio(for scheme: Scheme) throws -> CoreBusinessStudio {
        let scheme = resolve(scheme)
        let module = try module(for: scheme)
        let room = directory(scheme)
        return try module.makeStudio(ModuleInput(scheme: scheme, room: room, seed: Self.mix(seed, UInt64(room.id))))
    }

    /// Puts `scheme` at `position` of the list (opening a link replaces where you are).
    public func replace(at position: Int, with scheme: Scheme) {
        let n = schemes.count
        schemes[((position % n) + n) % n] = resolve(scheme)
    }

    // MARK: StudioProvider

    public func room(at position: Int) -> RoomInfo { directory(scheme(at: position)) }

    public func makeStudio(at position: Int) throws -> CoreBusinessStudio {
        try makeStudio(for: scheme(at: position))
    }

    open func studioDidLeave(_ output: StudioOutput) {
        history.append(output)
    }

    /// SplitMix-style mixing: a different, stable seed per room.
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
