import StudioDomain
import StudioKit

/// One line of a scenario, as an action's decoder reads it: `{"t": 2, "<action>": …}`.
public struct ScenarioActionLine {
    /// The line's fields; the action's own value is at `action`.
    package let fields: ScenarioFields
    /// The action's key on this line.
    package let action: String
    /// The line's `t`: simulated seconds from the start of the run.
    public let time: Double

    /// `action` at `time` (the line's own unless given), from this line.
    package func entry(_ action: ScenarioAction, at time: Double? = nil) -> ScenarioEntry {
        ScenarioEntry(time: time ?? self.time, line: fields.line, action: action)
    }

    /// The line as one server message: the event `key` carrying `value`, at the line's time.
    public func note<Payload>(_ key: EventKey<Payload>, _ value: Payload) -> [ScenarioEntry] {
        [entry(.note(StudioNote(key, value)))]
    }

    /// An error at the action's value, naming the file, the line and the key.
    public func error(_ reason: String) -> ConfigError { fields.error(action, reason) }
}

/// How one scenario action reads: its key, and what a line of it does (one server message,
/// a connection event, or input samples at their times). A decoder reads its value with
/// `ScenarioFields`, whose errors name the file, the line and the key path.
public struct ScenarioActionDecoder: Sendable {
    package let action: String
    let decode: @Sendable (ScenarioActionLine) throws -> [ScenarioEntry]

    public init(_ action: String, decode: @escaping @Sendable (ScenarioActionLine) throws -> [ScenarioEntry]) {
        self.action = action
        self.decode = decode
    }

    /// An action that is one server message: `value` reads the event's value from the line.
    ///
    ///     .message("vote", .voteCast) { line in
    ///         let o = try line.fields.object(line.action, fields: ["user", "option"])
    ///         return Vote(user: try o.string("user"), option: try o.int("option", in: 1...4))
    ///     }
    public static func message<Payload>(
        _ action: String, _ key: EventKey<Payload>,
        _ value: @escaping @Sendable (ScenarioActionLine) throws -> Payload
    ) -> Self {
        Self(action) { line in line.note(key, try value(line)) }
    }
}

/// The actions a scenario may use, in the order errors list them: LiveStudio's own
/// (`standard`), and those an application adds with `+` for its own messages.
public struct ScenarioVocabulary: Sendable, Hashable {
    package private(set) var decoders: [ScenarioActionDecoder]

    public init(_ decoders: [ScenarioActionDecoder]) {
        self.decoders = decoders
    }

    /// The action keys, in order.
    package var actions: [String] { decoders.map(\.action) }

    /// The decoder of `action`; the first one when two modules added the same key.
    package func decoder(for action: String) -> ScenarioActionDecoder? {
        decoders.first { $0.action == action }
    }

    /// Both vocabularies, `lhs`'s actions first.
    public static func + (lhs: ScenarioVocabulary, rhs: ScenarioVocabulary) -> ScenarioVocabulary {
        ScenarioVocabulary(lhs.decoders + rhs.decoders)
    }

    /// Actions given twice, each named once: the second of each is never used.
    package var duplicates: [String] {
        var seen = Set<String>()
        return actions.filter { !seen.insert($0).inserted }
    }

    /// LiveStudio's actions: the server's messages, the connection, and input.
    public static let standard = ScenarioVocabulary(ScenarioMessageActions.all + ScenarioInputActions.all)

    // Decoders are code, so vocabularies compare by what they offer: their action keys.
    public static func == (a: ScenarioVocabulary, b: ScenarioVocabulary) -> Bool { a.actions == b.actions }
    public func hash(into hasher: inout Hasher) { hasher.combine(actions) }
}
