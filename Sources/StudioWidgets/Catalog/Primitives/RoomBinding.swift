import StudioDomain
import StudioKit

/// A text with `{field}` bindings to the room's data, read once from the configuration.
/// `{room.online}` becomes the formatted online count ("12.3k"), and so on for each
/// `Field`. A `{` without a closing `}` is plain text.
public struct BoundText: Hashable, Sendable {
    /// The room data a text may show.
    public enum Field: String, CaseIterable, Sendable {
        case roomID = "room.id"
        case roomKind = "room.kind"
        case roomTitle = "room.title"
        case roomOnline = "room.online"
        case hostName = "host.name"

    }

    enum Part: Hashable, Sendable {
        case literal(String)
        case field(Field)
    }

    let parts: [Part]

    /// Parses `text`; a binding naming no `Field` is an error at `key` that lists them.
    public init(_ text: String, key: String, options: WidgetOptions) throws {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = Field(rawValue: name) else {
                throw options.error(
                    key,
                    "binds '{\(name)}', which the room does not have; known fields: "
                        + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", "))
            }
            parts.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    /// The fields the text shows.
    package var fields: Set<Field> {
        Set(parts.compactMap { if case .field(let f) = $0 { f } else { nil } })
    }

    /// The text with each binding replaced by `room`'s value.
    package func resolved(_ room: RoomInfo) -> String {
        parts.map { part in
            switch part {
            case .literal(let s): s
            case .field(.roomID): String(room.id)
            case .field(.roomKind): room.kind.rawValue
            case .field(.roomTitle): room.title
            case .field(.roomOnline): formatOnlineCount(room.onlineCount)
            case .field(.hostName): room.hostName
            }
        }.joined()
    }
}
