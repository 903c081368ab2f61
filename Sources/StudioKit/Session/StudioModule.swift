/// A module builds studios for the schemes it can handle, from typed input, and
/// turns a left studio into typed output. Sessions are made of modules; different sessions
/// inject different modules. A studio never constructs its successor: the session asks its
/// modules.
public protocol StudioModule: AnyObject {
    /// A short name for messages ("live room", "playback").
    var name: String { get }
    /// Whether this module opens `scheme`.
    func canHandle(_ scheme: Scheme) -> Bool
    /// A new, not yet loaded studio for `input`.
    func makeStudio(_ input: ModuleInput) throws -> Room
}

/// What a module gets to build a studio: the scheme and the room it names.
public struct ModuleInput: Hashable, Sendable {
    package var scheme: Scheme
    package var room: RoomInfo
    /// Seed for this studio's randomness (derived by the session from its seed and the room).
    package var seed: UInt64

    package init(scheme: Scheme, room: RoomInfo, seed: UInt64) {
        self.scheme = scheme
        self.room = room
        self.seed = seed
    }
}

/// A scheme no module of the session handles.
public struct UnhandledSchemeError: Error, Hashable, Sendable, CustomStringConvertible {
    package let scheme: Scheme
    package let modules: [String]
    public let kinds: [RoomKind]
    /// Where such a room opens instead, when the session knows (its `unhandledHint`).
    package var hint: String?

    public init(scheme: Scheme, modules: [String], kinds: [RoomKind], hint: String? = nil) {
        self.scheme = scheme
        self.modules = modules
        self.kinds = kinds
        self.hint = hint
    }

    public var description: String {
        "no module of this session opens \(scheme)"
            + (kinds.isEmpty ? "" : "; known studio kinds: \(kinds.joined(separator: ", "))")
            + " (modules: \(modules.joined(separator: ", ")))"
            + (hint.map { "; \($0)" } ?? "")
    }
}
