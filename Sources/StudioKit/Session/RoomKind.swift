/// The name of a room's kind ("audience", "pk"), as configurations, schemes and catalogs
/// spell it: a type of its own, so that a kind is never mistaken for a room's title, a
/// widget's name or any other text. Written as a string literal where it is a constant.
public struct RoomKind: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static func < (a: RoomKind, b: RoomKind) -> Bool { a.rawValue < b.rawValue }
}

extension Sequence<RoomKind> {
    /// The kinds' names joined, as lists in messages show them ("audience, pk").
    package func joined(separator: String) -> String { map(\.rawValue).joined(separator: separator) }
}
