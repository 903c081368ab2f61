/// A room's address, as the session and its modules speak it:
/// `studio://room/<id>?type=<kind>`. Parsing is strict and every error says what is wrong.
public struct Scheme: Hashable, Sendable, CustomStringConvertible {
    /// What is addressed: "room" for a live room.
    public var target: String
    public var id: Int
    /// Query parameters (`type`, and any a module understands).
    package var parameters: [String: String]

    public init(target: String = "room", id: Int, parameters: [String: String] = [:]) {
        self.target = target
        self.id = id
        self.parameters = parameters
    }

    /// A room scheme of a kind: `studio://room/<id>?type=<kind>`.
    public static func room(_ id: Int, kind: RoomKind) -> Scheme {
        Scheme(id: id, parameters: ["type": kind.rawValue])
    }

    /// The studio kind the scheme asks for (`type=`), if any.
    public var kind: RoomKind? { parameters["type"].map(RoomKind.init(rawValue:)) }

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "invalid scheme '\(text)': \(reason); expected studio://room/<id>?type=<kind>"
        }
    }

    /// Parses `studio://<target>/<id>[?key=value&...]`.
    public init(parsing text: String) throws {
        let prefix = "studio://"
        guard text.hasPrefix(prefix) else { throw ParseError(text: text, reason: "it must start with \(prefix)") }
        let rest = text.dropFirst(prefix.count)
        let (path, query) = rest.firstIndex(of: "?").map { (rest[..<$0], rest[rest.index(after: $0)...]) } ?? (rest, "")
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ParseError(text: text, reason: "the path must be <target>/<id>")
        }
        guard let id = Int(parts[1]), id >= 0 else {
            throw ParseError(text: text, reason: "the id '\(parts[1])' is not a whole number >= 0")
        }
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2, !kv[0].isEmpty else {
                throw ParseError(text: text, reason: "the query part '\(pair)' is not key=value")
            }
            parameters[String(kv[0])] = String(kv[1])
        }
        self.init(target: String(parts[0]), id: id, parameters: parameters)
    }

    public var description: String {
        let query = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "&")
        return "studio://\(target)/\(id)" + (query.isEmpty ? "" : "?" + query)
    }
}
